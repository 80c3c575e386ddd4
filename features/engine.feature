Feature: The engine — workers, the parse cache and the run memo
  Large catalogs are parsed in batches across worker threads and remembered
  in a cache folder, yet the output never depends on how it was computed:
  the same tree gives the same document byte for byte, and an edit is never
  hidden by the cache.

  Background:
    Given a tree of 60 generated skills in "skills", settled an hour ago
    And skill "gen-07" is broken

  Scenario: The catalog is the same whatever the worker count
    When I catalog "skills" as JSON with "--no-cache --workers 0"
    And I catalog "skills" as JSON with "--no-cache --workers 2"
    And I catalog "skills" as JSON with "--no-cache --workers auto"
    Then the three documents are byte-identical but for "stats.workers"
    And every document lists 59 skills and a diagnostic for "gen-07"

  Scenario: A warm run replays the catalog, and an edit shows up at once
    When I catalog "skills" as JSON with "--cache .cache"
    And I catalog "skills" as JSON with "--cache .cache"
    And I catalog "skills" as JSON with "--cache .cache"
    Then the three documents are byte-identical
    And the cache folder ".cache" holds a parse cache, a directory memo and a run memo
    When the description of "gen-03" becomes "Edited while cached. Use when testing."
    And I catalog "skills" as JSON with "--cache .cache"
    Then the last document describes "gen-03" as "Edited while cached. Use when testing."
    And the last document equals a run with "--no-cache"

  Scenario: A new skill folder is found even when every other folder is memoised
    When I catalog "skills" as JSON with "--cache .cache"
    And I catalog "skills" as JSON with "--cache .cache"
    And a skill "late-comer" is added under "skills/group-1"
    And I catalog "skills" as JSON with "--cache .cache"
    Then the last document lists 60 skills
    And the last document equals a run with "--no-cache"

  Scenario: --no-cache reads and writes no cache
    When I catalog "skills" as JSON with "--no-cache --cache .cache"
    Then the folder ".cache" does not exist

  Scenario: A damaged cache is an empty one, never an error
    Given the cache folder ".cache" holds garbage in every cache file
    When I catalog "skills" as JSON with "--cache .cache"
    Then the catalog exits with 1
    And the last document equals a run with "--no-cache"
