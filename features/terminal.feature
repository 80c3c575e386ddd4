Feature: Output for people fits an 80-column terminal
  Help, tables and reports are read in terminals of 80 columns and in CI logs:
  every --help fits and shows an example, tables cut descriptions rather than
  pad names, excerpts are cut around the finding, colour only on a terminal and
  never with NO_COLOR; init states today's defaults; validate --watch re-checks
  what an author saves.

  Background:
    Given a CI skill "deploy" that is valid
    And a CI skill "a-skill-whose-name-is-long-enough-to-push-descriptions-away" in "skills"

  Scenario: Every verb's help fits 80 columns and shows an example
    When I ask every verb for its help
    Then every help is at most 80 columns wide and has an example

  Scenario: The catalog table fits 80 columns and cuts descriptions, not names
    When I run skillgraph "catalog --root skills --no-cache"
    Then every line of skillgraph's stdout is at most 80 columns wide
    And skillgraph's stdout contains "a-skill-whose-name-is-long-enough-to-push-descriptions-away"
    And the row of "deploy" shows at least 40 columns of its description

  Scenario: Colour only on a terminal, and never with NO_COLOR
    When I run skillgraph "catalog --root skills --no-cache" on a terminal
    Then skillgraph's stdout is coloured
    When I run skillgraph "catalog --root skills --no-cache" on a terminal with NO_COLOR set
    Then skillgraph's stdout is not coloured
    When I run skillgraph "catalog --root skills --no-cache"
    Then skillgraph's stdout is not coloured

  Scenario: A finding far into a long line is shown around its column
    Given a CI skill "wide" whose description has a stray word at column 300
    When I run skillgraph "validate skills/wide"
    Then skillgraph's stdout contains "skills/wide/SKILL.md:3:300 error yaml.invalid"
    And every excerpt in skillgraph's stdout is at most 80 columns wide
    And the excerpt shows "trailing" with the caret under it

  Scenario: init writes today's walk defaults
    When I run skillgraph "init"
    Then the config written says "# depth: 12" and "# max-dirs: 250000"

  Scenario: validate --watch re-checks the skill an author saves, and stops on Ctrl-C
    When I watch "skills" with "validate --watch" and save "deploy" with an unknown field
    Then the watch re-checked 1 skill and reported "field.unknown"
    And the watch ended with exit 0 on Ctrl-C
