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
