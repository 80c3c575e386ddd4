Feature: Nothing silently partial
  Every SKILL.md the walk sees is catalogued or accounted for with a reason, a
  walk cut short by a limit says so and fails, links are followed as people
  use them, lockfiles travel with the project, and positional arguments
  always mean something.

  Scenario: A walk stopped by the folder budget is incomplete: summary, JSON and exit status say so
    Given the project skill folder ".claude/skills" holds 6 skills
    When I run skillgraph "catalog --root .claude/skills --max-dirs 3 --json"
    Then skillgraph exits with 1
    And the JSON document says the walk is incomplete at "max-dirs"
    When I run skillgraph "catalog --root .claude/skills --max-dirs 3"
    Then skillgraph exits with 1
    And skillgraph's stderr contains "INCOMPLETE"
    And skillgraph's stderr contains "--max-dirs"
    When I run skillgraph "catalog --root .claude/skills --json"
    Then skillgraph exits with 0
    And the JSON document lists 6 skills and says the walk is complete

  Scenario: The shared .agents/skills tree, linked into .claude/skills, is found
    Given the project skill folder ".agents/skills" holds the skill "deploy"
    And ".claude/skills/deploy" is a relative symlink to "../../.agents/skills/deploy"
    When I run skillgraph "list --preset claude --json"
    Then skillgraph exits with 0
    And the JSON document lists exactly "deploy"
    When I run skillgraph "list --preset claude --preset agents --json"
    Then the JSON document lists exactly "deploy"
    And the JSON document counts 1 file reached twice
    And the JSON document shows ".claude/skills/deploy/SKILL.md" as an identical copy of "deploy"

  Scenario: A link leaving the project is reported and not followed
    Given the folder "../outside-the-project/secret" outside the project holds the skill "secret"
    And ".claude/skills/secret" is a symlink to the folder outside the project
    And the project skill folder ".claude/skills" holds the skill "local"
    When I run skillgraph "catalog --root .claude/skills --json"
    Then the JSON document lists exactly "local"
    And the JSON document has a "discover.symlink-escape" diagnostic for ".claude/skills/secret"
    And the JSON document counts 1 SKILL.md not catalogued as "link_outside"

  Scenario: Nested, hidden, node_modules and non-regular SKILL.md files are accounted for
    Given the project skill folder ".claude/skills" holds the skill "outer"
    And the project skill folder ".claude/skills/outer/inner" holds the skill "inner"
    And the project skill folder ".claude/skills/.hidden" holds the skill "hidden"
    And the project skill folder ".claude/skills/node_modules/pkg" holds the skill "vendored"
    And ".claude/skills/pipe/SKILL.md" is a FIFO
    When I run skillgraph "catalog --root .claude/skills --json"
    Then skillgraph exits with 0
    And the JSON document lists exactly "outer"
    And the JSON document counts 1 SKILL.md not catalogued as "nested"
    And the JSON document counts 2 SKILL.md not catalogued as "skipped_folder"
    And the JSON document counts 1 SKILL.md not catalogued as "not_regular"
    And the JSON document says 5 SKILL.md files were seen
    When I run skillgraph "catalog --root .claude/skills"
    Then skillgraph's stderr contains "4 SKILL.md file(s) not catalogued: 1 nested inside skills (--nested), 2 under skipped folders"
    When I run skillgraph "catalog --root .claude/skills --nested --json"
    Then the JSON document lists exactly "inner, outer"

  Scenario: A lockfile moved to another path and another HOME still checks clean
    Given the project skill folder ".claude/skills" holds the skill "deploy"
    And the project skill folder ".claude/skills" holds the skill "review"
    And the user's own skill folder "~/.claude/skills" holds the skill "personal"
    When I run skillgraph "lock"
    Then skillgraph exits with 0
    And the lockfile names 2 skills with no absolute path
    When the project moves to another folder and HOME changes
    And I run skillgraph "check" in the moved project
    Then skillgraph exits with 0
    And skillgraph's stderr contains "No drift"

  Scenario: A skill that broke after lock is shown as invalid with its error
    Given the project skill folder ".claude/skills" holds the skill "deploy"
    And the project skill folder ".claude/skills" holds the skill "review"
    When I run skillgraph "lock"
    And the SKILL.md of "review" in ".claude/skills" gets broken YAML
    And I run skillgraph "check --json"
    Then skillgraph exits with 1
    And the drift document shows "review" as invalid with "yaml.invalid"
    When I run skillgraph "lock"
    Then skillgraph exits with 1
    And skillgraph's stderr contains "1 invalid (review), recorded as such"
    When I run skillgraph "check"
    Then skillgraph exits with 1
    And skillgraph's stderr contains "1 invalid"

  Scenario: Positional arguments are roots, or refused
    Given the project skill folder ".claude/skills" holds the skill "deploy"
    And the project skill folder "elsewhere/skills" holds the skill "other"
    When I run skillgraph "catalog elsewhere/skills --json"
    Then skillgraph exits with 0
    And the JSON document lists exactly "other"
    When I run skillgraph "list no-such-folder"
    Then skillgraph exits with 2
    When I run skillgraph "graph review"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "unexpected argument 'review'"
    When I run skillgraph "lock extra"
    Then skillgraph exits with 2
    And there is no lockfile

  Scenario: validate counts what it parsed apart from what it skipped, and a path without skills fails
    Given the project skill folder "tree" holds the skill "good"
    And "tree/pipe/SKILL.md" is a FIFO
    When I run skillgraph "validate tree --json"
    Then skillgraph exits with 0
    And the validate summary says 2 files, 1 skill checked, 1 skipped as "not_regular"
    Given an empty project folder "typo"
    When I run skillgraph "validate typo"
    Then skillgraph exits with 1
    And skillgraph's stdout contains "validate.no-skills"
