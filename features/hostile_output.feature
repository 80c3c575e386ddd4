Feature: Hostile skill text in output
  Skill folders come from strangers. Nothing a skill controls — its
  description, its folder name, its composition — may drive the terminal
  or mislead the reader: escape sequences are shown escaped, and a mistake
  that changes nothing is reported rather than ignored.

  Scenario: A description that fakes a green PASS is shown as text
    Given a hostile-output skill "fake-pass" whose description fakes a green PASS
    When I run skillgraph "list"
    Then skillgraph exits with 0
    And hostile output: stdout shows the fake PASS escaped
    And hostile output: stderr and stdout hold no raw control character

  Scenario: The catalog document carries a description's controls escaped, and gives them back
    Given a hostile-output skill "fake-pass" whose description fakes a green PASS
    When I run skillgraph "catalog --json --no-cache"
    Then skillgraph exits with 0
    And hostile output: stderr and stdout hold no raw control character
    And hostile output: the catalog document gives back the description of "fake-pass" as written

  Scenario: A folder name that would retitle the terminal is escaped in the context
    Given a hostile-output skill "titled" inside a folder whose name sets the terminal title
    When I run skillgraph "context --depth 6"
    Then skillgraph exits with 0
    And hostile output: stdout lists "titled" with its folder's title sequence escaped
    And hostile output: stderr and stdout hold no raw control character

  Scenario: An override of a key the included skill lacks is reported
    Given a hostile-output skill "toolbox" with the tool "write_file"
    And a hostile-output skill "dry-run" that includes "toolbox" overriding the key "wirte_file"
    When I run skillgraph "resolve --json"
    Then skillgraph exits with 0
    And hostile output: the resolve document reports "resolve.override-unknown-key" for the SKILL.md of "dry-run"
    When I run skillgraph "resolve dry-run"
    Then skillgraph's stderr contains "resolve.override-unknown-key"
