Feature: An embedding host's warm start
  A host that loads the catalog through an engine with a cache folder gets,
  for an unchanged tree, the catalog its last load recorded — checked by one
  stat per folder and file that load relied on, without walking, parsing or
  sealing — and for any change, what a load without a cache gives.

  Background:
    Given a tree of 60 generated skills in "skills", settled an hour ago
    And skill "gen-07" is broken

  Scenario: A warm load answers from the recorded catalog, and every change shows at once
    When a host loads "skills" through an engine with the cache ".cache" 3 times
    Then the loads give the same catalog, stats and context
    And the cache folder ".cache" holds a recorded catalog
    And the last load equals a load without a cache
    When the description of "gen-03" becomes "Edited while cached. Use when testing."
    And a host loads "skills" through an engine with the cache ".cache" 1 times
    Then the last load describes "gen-03" as "Edited while cached. Use when testing."
    And the last load equals a load without a cache
    When a skill "late-comer" is added under "skills/group-1"
    And a host loads "skills" through an engine with the cache ".cache" 1 times
    Then the last load lists 60 skills
    And the last load equals a load without a cache
