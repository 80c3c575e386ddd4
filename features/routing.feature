Feature: Routing: skills that compete for the same requests, and skills that use each other
  A skill's description is its router. Two skills whose descriptions would
  win the same requests are reported as a pair; a skill that links to or
  names another has an edge to it in the graph; a link to a skill that is
  not there is a finding at its line; a skill handed over without the
  sibling it links to says so.

  Background:
    Given the routing tree holds the skill "pdf-forms" described as "Fill in PDF forms, read their fields and flatten the filled PDF. Use when the user has a PDF form to complete."
    And the routing tree holds the skill "pdf-form-filler" described as "Complete PDF forms: read the form fields, fill them and flatten the PDF. Use for any PDF form."
    And the routing tree holds the skill "k8s-debug" described as "Diagnose crashing Kubernetes pods from events and logs. Use when a rollout fails."
    And the routing tree holds the skill "release" described as "Publish a release and its notes. Use when tagging a version." with the body:
      """
      # Release

      Run the checks first: follow [the debug guide](../k8s-debug/SKILL.md).
      Then hand over to [the notary](../notary/SKILL.md) and run /pdf-forms.
      """

  Scenario: validate reports the two competing skills, naming both, the shared words and the score
    When I run skillgraph "validate skills --json"
    Then skillgraph exits with 0
    And the routing finding "routing.overlap" is reported for "skills/pdf-form-filler/SKILL.md" naming "pdf-forms"
    And the routing finding "routing.missing-sibling" is reported for "skills/release/SKILL.md" at line 8
    When I run skillgraph "validate skills --overlap-threshold 1 --json"
    Then no routing finding "routing.overlap" is reported

  Scenario: the config turns the overlap rule off
    Given the file "skillgraph.config.yaml" holds "rules:\n  routing.overlap: off\n"
    When I run skillgraph "validate skills --json"
    Then no routing finding "routing.overlap" is reported

  Scenario: catalog lists the routing findings with its own
    When I run skillgraph "catalog --root skills --json"
    Then skillgraph exits with 0
    And the catalog's diagnostics hold 1 "routing.overlap" and 1 "routing.missing-sibling"

  Scenario: graph draws links and mentions beside includes, each edge with its kind
    When I run skillgraph "graph --root skills --json"
    Then the graph has a "link" edge from "release" to "k8s-debug"
    And the graph has a "mention" edge from "release" to "pdf-forms"
    When I run skillgraph "graph --root skills --format dot"
    Then skillgraph's stdout contains "style=dotted, color=blue, label=\"link\""

  Scenario: describe shows what a skill uses and what uses it
    When I run skillgraph "describe k8s-debug --root skills"
    Then skillgraph's stdout contains "used by: release (link)"

  Scenario: load names the sibling it does not hand over, and the one not installed
    When I run skillgraph "load release --root skills --json"
    Then skillgraph exits with 0
    And the load names "k8s-debug" as used and not handed over, and "../notary/SKILL.md" as not installed
    When I run skillgraph "load release --root skills"
    Then skillgraph's stderr contains "release uses k8s-debug (link at skills/release/SKILL.md:7:"
    And skillgraph's stderr contains "release links to the skill ../notary/SKILL.md"
