Feature: A CLI that fits into CI and into pipes
  Results go to stdout and summaries to stderr, so `skillgraph list | grep`
  and `skillgraph --help | less` work; under --json stderr stays empty but
  for real errors; a mistyped word gets a suggestion.

  Background:
    Given a CI skill "deploy" that is valid
    And a CI skill "broken" with an unknown field

  Scenario: Results on stdout, the verdict on stderr, nothing but the document under --json
    When I run skillgraph "validate skills"
    Then skillgraph's stdout contains "field.unknown"
    And skillgraph's stderr contains "2 skills checked"
    When I run skillgraph "validate skills --json"
    Then skillgraph's stderr is empty
    When I run skillgraph "validate skills --quiet"
    Then skillgraph's stderr is empty

  Scenario: Help is a result
    When I run skillgraph "validate --help"
    Then skillgraph exits with 0
    And skillgraph's stdout contains "usage: skillgraph validate"
    And skillgraph's stderr is empty

  Scenario: A mistyped verb, flag or profile names the closest one
    When I run skillgraph "valdate skills"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "did you mean 'validate'?"
    When I run skillgraph "validate skills --jsno"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "did you mean '--json'?"
    When I run skillgraph "validate skills --profile clade-code"
    Then skillgraph's stderr contains "did you mean 'claude-code'?"

  Scenario: SARIF for code scanning, JUnit for test reports, annotations for pull requests
    When I run skillgraph "validate skills --format sarif"
    Then skillgraph exits with 0
    And the SARIF log has a "field.unknown" result at "skills/broken/SKILL.md" line 4
    When I run skillgraph "validate skills --format junit"
    Then the JUnit report has 2 test cases and 0 failures
    When I run skillgraph "validate skills --format github"
    Then skillgraph's stdout contains "::warning file=skills/broken/SKILL.md,line=4,col=1,title=field.unknown::"

  Scenario: The gate fails on warnings when the config says so, and names the config line of a typo
    Given the CI config:
      """
      fail-on: warning
      rules:
        description.no-trigger: off
      """
    When I run skillgraph "validate skills"
    Then skillgraph exits with 1
    Given the CI config:
      """
      rules:
        field.unknown: off
        name.chrset: error
      """
    When I run skillgraph "validate skills"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "skillgraph.config.yaml:3:3: unknown rule 'name.chrset'; did you mean 'name.charset'?"

  Scenario: init writes a config for the layout and never overwrites it
    Given a CI skill "review" in ".claude/skills"
    When I run skillgraph "init"
    Then skillgraph exits with 0
    And skillgraph's stdout contains "roots .claude/skills, profile claude-code"
    When I run skillgraph "init"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "already exists; not overwritten"

  Scenario: Shards merged give the unsharded document
    When the CI validates "skills" in 3 shards and merges them
    Then the merged document equals the unsharded "validate skills --json"

  Scenario: Catalog shards merged give the unsharded catalog, conflicts and includes across shards
    Given a CI skill "review" in "team"
    And a CI skill "ship" in "skills" that includes "review"
    And a CI skill "review" in "skills"
    When the CI runs "catalog --root skills:project:20 --root team:user:10" in 3 shards and merges them
    Then the merged document equals the unsharded "catalog --root skills:project:20 --root team:user:10 --json"
    And the merged catalog has 1 conflict and "ship" resolved

  Scenario: Resolve shards merged give the unsharded resolution, includes across shards
    Given a CI skill "review" in "skills"
    And a CI skill "ship" in "skills" that includes "review"
    And a CI skill "tidy" in "skills"
    When the CI runs "resolve --root skills" in 3 shards and merges them
    Then the merged document equals the unsharded "resolve --root skills --json"

  Scenario: Lock shards merged write the unsharded lockfile, a script's host sealed
    Given a CI skill "review" in "skills"
    And a CI skill "ship" in "skills" that includes "review"
    And the CI skill "ship" has a script naming "deploy.example.com"
    When the CI runs "lock skills --out ci.lock.json" in 3 shards and merges them
    Then the merged lockfile "ci.lock.json" equals the one "lock skills --out ci.lock.json --json" writes, with the host "deploy.example.com"

  Scenario: Merged shards are written in any format, the same bytes the unsharded run prints
    When the CI validates "skills" in 3 shards and merges them with "--format sarif"
    Then the merged document equals the unsharded "validate skills --format sarif"
    When the CI validates "skills" in 3 shards and merges them with "--format junit"
    Then the merged document equals the unsharded "validate skills --format junit"

  Scenario: Shards run with another profile are refused, naming the option and both values
    Given CI shard 1 of 2 of "validate skills" and shard 2 of 2 of "validate skills --profile lenient"
    When I run skillgraph "merge shard-1.json shard-2.json"
    Then skillgraph exits with 2
    And skillgraph's stderr contains "was run with --profile 'lenient'"
    And skillgraph's stderr contains "with --profile 'skillgraph'"

  Scenario: One run writes every format the job needs
    When I run skillgraph "validate skills --format github --output sarif=out/skillgraph.sarif --output junit=out/skillgraph.xml"
    Then skillgraph's stdout contains "::warning file=skills/broken/SKILL.md"
    And the file "out/skillgraph.sarif" holds what "validate skills --format sarif" prints
    And the file "out/skillgraph.xml" holds what "validate skills --format junit" prints

  Scenario: A mistyped --root fails the run instead of passing as an empty catalog
    When I run skillgraph "catalog --root ./no-such-dir --no-cache"
    Then skillgraph exits with 1
    And skillgraph's stderr contains "discover.root-missing"
    And skillgraph's stderr contains "no-such-dir"
    When I run skillgraph "catalog --root ./no-such-dir --root skills --no-cache"
    Then skillgraph exits with 0
    And skillgraph's stderr contains "warning no-such-dir discover.root-missing"

  Scenario: The Action on a fork's pull request keeps the annotations and the gate, and skips the upload with a notice
    When the Action runs on a pull request from a fork
    Then the Action's run step printed the annotation "::warning file=skills/broken/SKILL.md"
    And the Action's run step printed the notice "SARIF upload skipped: the pull request comes from the fork"
    And the Action's outputs say upload "false" and validate-status "0"
    And the Action's job summary lists "field.unknown"
