Feature: A host's view of skillgraph serve
  As an agent host speaking the MCP Skills extension
  I want to list, verify and read the skills skillgraph serves, live
  So that the model only ever gets the bytes the listing vouched for

  Background:
    Given a skill "pdf" in "project/pdf" with the file "templates/invoice.md"
    And a skill "review" in "global/review" and another "review" in "project/review"
    And a file "project/secret.txt" beside the skills
    And a host connected to "skillgraph serve" over stdio with the global, project and local roots

  Scenario: Listing, verifying and reading
    Then the server declares the Skills extension with directory reads
    And skills/list lists "skill://pdf/SKILL.md, skill://review/SKILL.md"
    And every listed file reads back with its listed digest and size
    And "skill://shadowed/global/review/SKILL.md" answers skills/get but is not listed
    And reading "skill://pdf/../secret.txt" is refused with -32602
    And reading "skill://pdf/%2e%2e/secret.txt" is refused with -32602

  Scenario: A host without the extension loads a skill by name
    When the host calls load_skill with skill_name "pdf"
    Then the tool answers "loaded" with the base URI "skill://pdf"
    When the host calls load_skill with skill_name "pdf"
    Then the tool answers "already_loaded" with the base URI "skill://pdf"

  Scenario: An edit during the session
    When "project/pdf/templates/invoice.md" is edited
    Then the host is told the resources changed
    And skills/get lists the new digest of "skill://pdf/templates/invoice.md"
