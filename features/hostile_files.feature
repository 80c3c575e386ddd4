Feature: Hostile skill files, caches and workspaces
  A skills folder is untrusted input: a skill may hold files that cannot be
  read, too many or too deep files, names that mean devices on Windows; a
  cache folder may be damaged or planted. Every such problem costs the one
  skill (or the cache), with a coded finding — never a hang, a crash, or the
  other skills.

  Background:
    Given a hostile-files project whose root "skills" holds the normal skills "alpha, beta"

  Scenario: a FIFO where the parse cache goes is an empty cache, not a hang
    Given the hostile-files cache file "parse-cache.v3.bin" is a FIFO
    When I run the hostile-files command "catalog --root skills --json"
    Then the hostile-files run ends with exit 0
    And the hostile-files catalog lists "alpha, beta"

  Scenario: a cache folder under /proc is not used, and the run goes on uncached
    When I run the hostile-files command "catalog --root skills --json --cache /proc/skillgraph-cache"
    Then the hostile-files run ends with exit 0
    And the hostile-files catalog lists "alpha, beta"

  Scenario: a skill nested too deep is a finding with its own code, and the others stay valid
    Given the hostile-files skill "deep" holds a file 17 folders down
    When I run the hostile-files command "validate skills --json"
    Then the hostile-files validate report gives "deep" the finding "resource.too-deep"
    And the hostile-files validate report says "alpha, beta" are valid

  Scenario: materialize leaves out a skill with too many files, naming it, and copies the others
    Given the hostile-files skill "crowded" holds 5001 files
    When I run the hostile-files command "materialize ws --root skills --json --no-cache"
    Then the hostile-files run ends with exit 1
    And the hostile-files left-out list names the skill "crowded" with the finding "resource.too-many-files"
    And the hostile-files folder "ws/crowded" does not exist
    And the hostile-files folder "ws/alpha" exists

  Scenario: materialize leaves out a skill holding a file named after a Windows device
    Given the hostile-files skill "devices" holds the file "assets/nul.txt"
    When I run the hostile-files command "materialize ws devices --root skills --json --no-cache"
    Then the hostile-files run ends with exit 1
    And the hostile-files left-out list names the skill "devices" with the finding "workspace.name"
    When I run the hostile-files command "materialize ws alpha beta --root skills --no-cache"
    Then the hostile-files run ends with exit 0

  Scenario: a temp file a killed run left beside the lockfile is removed by the next lock
    Given a hostile-files temp file ".skillgraph-tmp-skillgraph.lock.json-1-ab" left 20 minutes ago
    When I run the hostile-files command "lock --root skills --no-cache"
    Then the hostile-files run ends with exit 0
    And the hostile-files project holds no ".skillgraph-tmp-" file
