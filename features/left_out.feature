Feature: Every skill left out is named, and a linked skill is one skill in every verb
  The verbs that hand skills to an agent (context, materialize, load, serve)
  say which skills they left out and why, in their summary, their JSON and
  their exit code. One broken skill never blocks the others. A skill is its
  folder as an agent sees it: a SKILL.md linked from another folder never
  takes the real skill's place, and a linked SKILL.md's skill is the link's
  folder.

  Background:
    Given the project skill root holds "good" described as "Does good things. Use when testing."
    And the project skill root holds "broken" with frontmatter:
      """
      name: broken
      description: [unclosed
      """

  Scenario: context lists the good skill and names the broken one as left out
    When the host runs "context --lazy"
    Then the host sees exit status 1
    And the host's stdout contains "- good: Does good things."
    And the host's stderr contains "1 left out: 1 invalid (broken: yaml.invalid at line"
    When the host runs "context --json"
    Then the host's JSON has "left_out.counts.invalid" equal to "1"
    And the host's JSON has "left_out.skills.0.reason" equal to "invalid"
    And the host's JSON has "left_out.skills.0.diagnostics.0.code" equal to "yaml.invalid"

  Scenario: materialize copies the good skill and names the broken one
    When the host runs "materialize ws --json"
    Then the host sees exit status 1
    And the host's JSON has "available.0" equal to "good"
    And the host's JSON has "left_out.counts.invalid" equal to "1"
    And the workspace file "ws/good/SKILL.md" contains "Does good things."

  Scenario: load names a skill left out as invalid rather than calling it unknown
    When the host runs "load broken"
    Then the host sees exit status 1
    And the host's stderr contains "skill 'broken' was left out of the catalog as invalid"
    And the host's stderr contains "yaml.invalid at line"

  Scenario: serve logs what it left out, tells the host, and lists it in a resource
    Given a host connected to skillgraph serve over the project root
    Then the host was told by a warning log message that "1 left out: 1 invalid (broken"
    And reading "skillgraph://left-out" gives a left-out list naming the folder "broken" as "invalid"

  Scenario: an alias folder linking a real skill's SKILL.md is a shadowed copy, never the skill
    Given "roots/project/alias/SKILL.md" is a symlink to "roots/project/good/SKILL.md"
    When the host runs "list --json"
    Then the host's JSON has "skills.0.name" equal to "good"
    And the host's JSON has "conflicts.0.identical" equal to "true"
    When the host runs "load good"
    Then the host sees exit status 0
    And the host's stdout contains "INSTRUCTIONS-OF-good"

  Scenario: a SKILL.md linked to a file kept elsewhere is a skill in the link's folder
    Given the plain Markdown file "roots/project/commands/deploy.md" holds the skill "deploy" with the body "DEPLOY-STEPS"
    And "roots/project/skills/deploy/SKILL.md" is a symlink to "roots/project/commands/deploy.md"
    When the host runs "materialize ws deploy"
    Then the host sees exit status 0
    And the workspace file "ws/deploy/SKILL.md" contains "DEPLOY-STEPS"
    And the workspace "ws" holds exactly:
      """
      deploy/SKILL.md
      """
