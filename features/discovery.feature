Feature: Scoped discovery and the sealed catalog
  Skills live in roots of three scopes — global, project and local — and a
  name found in several scopes resolves local > project > global. Every
  shadowed copy is shown as a conflict; the catalog is the same byte for byte
  on every run.

  Scenario: Only a global root
    Given folder "g" holds the skill "pdf-tools"
    When I catalog the roots "g:global"
    Then the catalog exits with 0
    And the catalog lists exactly "pdf-tools"
    And catalog skill "pdf-tools" comes from the "global" scope

  Scenario: Only a project root
    Given folder "p" holds the skill "code-review"
    When I catalog the roots "p:project"
    Then the catalog lists exactly "code-review"
    And catalog skill "code-review" comes from the "project" scope

  Scenario: Only a local root
    Given folder "l" holds the skill "ship-it"
    When I catalog the roots "l:local"
    Then the catalog lists exactly "ship-it"
    And catalog skill "ship-it" comes from the "local" scope

  Scenario: All three scopes combined
    Given folder "g" holds the skill "git-basics"
    And folder "p" holds the skill "code-review"
    And folder "l" holds the skill "ship-it"
    When I catalog the roots "g:global p:project l:local"
    Then the catalog exits with 0
    And the catalog lists exactly "code-review, git-basics, ship-it"
    And the catalog shows no conflicts

  Scenario: Name collisions resolve local > project > global, with the conflicts visible
    Given folder "g" holds the skill "deploy" saying "global steps"
    And folder "p" holds the skill "deploy" saying "project steps"
    And folder "l" holds the skill "deploy" saying "local steps"
    When I catalog the roots "g:global p:project l:local"
    Then the catalog lists exactly "deploy"
    And catalog skill "deploy" comes from the "local" scope
    And the catalog shows a conflict for "deploy" where "l/deploy" shadows "p/deploy"
    And the catalog shows a conflict for "deploy" where "l/deploy" shadows "g/deploy"
    And the human catalog shows a conflicts section naming "deploy"

  Scenario: A root that does not exist is skipped and mentioned
    Given folder "p" holds the skill "code-review"
    When I catalog the roots "g:global p:project"
    Then the catalog exits with 0
    And the catalog lists exactly "code-review"
    And the catalog stats list root "g" as missing

  Scenario: An empty root is fine
    Given an empty folder "l"
    And folder "p" holds the skill "code-review"
    When I catalog the roots "p:project l:local"
    Then the catalog exits with 0
    And the catalog lists exactly "code-review"
    And the catalog stats list no missing roots

  Scenario: Several skills in one scope
    Given folder "p" holds the skill "alpha"
    And folder "p" holds the skill "beta"
    And folder "p" holds the skill "gamma"
    When I catalog the roots "p:project"
    Then the catalog lists exactly "alpha, beta, gamma"

  Scenario: A required root that is missing is a usage error
    Given folder "p" holds the skill "code-review"
    When I catalog the roots "p:project vendor:local!"
    Then the catalog exits with 2
    And the catalog error says "required local root not found"

  Scenario: A root that is a file is a usage error
    Given a plain file "notes.txt"
    When I catalog the roots "notes.txt:project"
    Then the catalog exits with 2
    And the catalog error says "not a folder"

  Scenario: Symlinked skills are skipped and reported with --no-follow-symlinks
    Given folder "p" holds the skill "real"
    And folder "p/store" holds the skill "linked"
    And "p/agent/linked" is a symlink to "p/store/linked"
    When I catalog the roots "p/agent:project" with "--no-follow-symlinks"
    Then the catalog lists nothing
    And the catalog reports "discover.symlink-skipped" for "p/agent/linked"

  Scenario: Symlinked skills are followed when asked, never counted twice
    Given folder "p/store" holds the skill "linked"
    And "p/agent/linked" is a symlink to "p/store/linked"
    When I catalog the roots "p:project" with "--follow-symlinks"
    Then the catalog exits with 0
    And the catalog lists exactly "linked"
    And the catalog shows no conflicts

  Scenario: A symlink loop is reported, not followed forever
    Given folder "p/a" holds the skill "inside"
    And "p/a/deeper/up" is a symlink to "p"
    When I catalog the roots "p:project" with "--follow-symlinks --depth 30"
    Then the catalog exits with 0
    And the catalog lists exactly "inside"
    And the catalog reports "discover.symlink-loop" for "p/a/deeper/up"

  Scenario: Identical copies in two scopes are flagged as identical
    Given folder "g" holds the skill "lint" saying "same text"
    And folder "p" holds the skill "lint" saying "same text"
    When I catalog the roots "g:global p:project"
    Then the catalog shows a conflict for "lint" where "p/lint" shadows "g/lint"
    And that conflict is marked identical

  Scenario: A broken skill is reported and does not hide the others
    Given folder "p" holds the skill "good"
    And folder "p/broken" holds a SKILL.md without frontmatter
    When I catalog the roots "p:project"
    Then the catalog exits with 1
    And the catalog lists exactly "good"
    And the catalog reports "frontmatter.missing" for "p/broken/SKILL.md"

  Scenario: The catalog is byte-identical run to run
    Given folder "g" holds the skill "deploy" saying "global steps"
    And folder "l" holds the skill "deploy" saying "local steps"
    And folder "p" holds the skill "notes"
    When I catalog the roots "g:global p:project l:local" 5 times
    Then every catalog output is byte-identical

  Scenario: One thousand conflict resolutions are deterministic and visible
    Given folder "workspace" holds the skill "demo" saying "low instructions"
    And folder "configured" holds the skill "demo" saying "high instructions"
    When the library seals the roots "workspace:workspace:10 configured:user:20" 1000 times
    Then every sealed catalog has the same digest and conflicts
    And the sealed catalog shows 1 conflict for "demo" where "configured/demo" shadows "workspace/demo"

  Scenario: A disabled source is absent from the catalog and from context reads
    Given folder "p" holds the skill "demo" saying "private demo instructions"
    And folder "p" holds the skill "other" saying "other instructions"
    When the library seals the roots "p:project" 1 time
    And the host disables the source "p/demo/SKILL.md"
    Then the effective catalog lists exactly "other"
    And the effective context does not mention "p/demo/SKILL.md"
    And reading "demo" from the effective catalog fails with "skill.not-found"

  Scenario: A host's hand-built packages are checked before they are sealed
    Given a host builds a package named "../evil" described as "Escapes. Use when testing."
    When the host seals its packages
    Then sealing fails with "skill.invalid" about the name
    When the host drops its packages
    And a host builds a package named "" described as "Nameless. Use when testing."
    And the host seals its packages
    Then sealing fails with "skill.invalid" about the name
    When the host drops its packages
    And a host builds a package named "quiet" described as ""
    And the host seals its packages
    Then sealing fails with "skill.invalid" about the description
    When the host drops its packages
    And a host builds a package named "twin" described as "One. Use when testing."
    And a host builds a package named "twin" described as "Two. Use when testing."
    And the host seals its packages strictly
    Then sealing fails with "catalog.duplicate-name" about the names
    When the host seals its packages
    Then the host catalog lists exactly "twin"

  Scenario: Discovery depth counts levels below the root, or the root as the first with --depth-counts-root
    Given folder "r/a/b" holds the skill "shallow"
    And folder "r/a/b/c" holds the skill "deep"
    When I catalog the roots "r:project" with "--depth 4"
    Then the catalog lists exactly "deep, shallow"
    When I catalog the roots "r:project" with "--depth 4 --depth-counts-root"
    Then the catalog lists exactly "shallow"
    And the catalog reports "discover.depth-limit" for "r"

  Scenario: Roots come from the config file when no flag names one
    Given folder "shared" holds the skill "from-config"
    And the config file "skillgraph.config.yaml" says:
      """
      roots:
        - path: shared
          scope: global
      """
    When I catalog with no roots
    Then the catalog lists exactly "from-config"
    And catalog skill "from-config" comes from the "global" scope

  Scenario: A config error points at its line
    Given the config file "skillgraph.config.yaml" says:
      """
      roots: []
      depth: deep
      """
    When I catalog with no roots
    Then the catalog exits with 2
    And the catalog error says "skillgraph.config.yaml:2:8"

  Scenario: Presets find agent folders in the project and in home
    Given folder ".claude/skills" holds the skill "project-claude"
    And folder "home/.agents/skills" holds the skill "user-agents"
    When I catalog the roots "" with "--preset claude --preset agents"
    Then the catalog lists exactly "project-claude, user-agents"
    And catalog skill "user-agents" comes from the "global" scope

  Scenario: The lockfile detects a changed script
    Given folder "p" holds the skill "tool"
    And the file "p/tool/scripts/run.sh" says "echo one"
    When I run the discovery command "lock --root p:project"
    And I run the discovery command "check --root p:project --json"
    Then the catalog exits with 0
    Given the file "p/tool/scripts/run.sh" says "echo two"
    When I run the discovery command "check --root p:project --json"
    Then the catalog exits with 1
    And the drift report lists "tool" as changed in "tree"
