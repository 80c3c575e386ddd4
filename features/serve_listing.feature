Feature: The skill listing in skillgraph serve's instructions
  As an agent host that puts the server's instructions in the model's prompt
  I want the listing in them to fit my budget, whole, and say where the rest are
  So that the prompt never grows past what I allowed and no skill is lost

  Background:
    Given a skill "pdf" in "project/pdf" with the file "templates/invoice.md"
    And a skill "review" in "global/review" and another "review" in "project/review"

  Scenario: a budget that holds every skill lists them all by URI
    Given a host connected to "skillgraph serve --budget 3000 --no-watch" over stdio with the global, project and local roots
    Then the server instructions are at most 3000 bytes and hold "- pdf: Fill PDF forms. Use when a PDF is mentioned. (file: skill://pdf/SKILL.md; digest: sha256:"
    And the server instructions are at most 3000 bytes and hold "(file: skill://review/SKILL.md; digest: sha256:"

  Scenario: a tighter budget omits a skill, says so, and search_skills still finds it
    Given a host connected to "skillgraph serve --budget 2150 --no-digests --no-watch" over stdio with the global, project and local roots
    Then the server instructions are at most 2150 bytes and hold "1 skill omitted (review). Every skill is still available: call `search_skills`"
    And the server instructions are at most 2150 bytes and hold "(file: skill://pdf/SKILL.md)"
    And the server instructions do not hold "digest: sha256:"
    And search_skills for "review" finds "review" at "skill://review/SKILL.md"
