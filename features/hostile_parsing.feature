Feature: Hostile frontmatter, names and config files are findings, not crashes
  A skills folder and a cloned repository's skillgraph.config.yaml are untrusted.
  YAML built to exhaust the parser, names that would escape a folder and
  look-alike names end as findings with a code and a place, quickly, and
  the other skills are still catalogued.

  Background:
    Given folder "skills/normal-alpha" holds the skill "normal-alpha"
    And folder "skills/normal-beta" holds the skill "normal-beta"

  Scenario: A frontmatter flooded with aliases is refused at the alias over the limit
    Given the hostile SKILL.md "skills/flood" has 20000 aliases of one anchor
    When I catalog the roots "skills"
    Then the catalog exits with 1
    And the catalog lists exactly "normal-alpha, normal-beta"
    And the hostile finding for "skills/flood" is "yaml.limit" at line 5 column 308

  Scenario Outline: Nesting deeper than 64 levels is refused however it is spelled
    Given the hostile SKILL.md "skills/deep" nests 20000 levels as <spelling>
    When I catalog the roots "skills" with "--workers 0"
    And I catalog the hostile roots "skills" again with "--workers 2"
    Then both hostile catalog documents are byte-identical
    And the catalog lists exactly "normal-alpha, normal-beta"
    And the hostile finding for "skills/deep" is "yaml.limit" at line <line> column <column>

    Examples:
      | spelling                    | line | column |
      | flow lists after a's        | 4    | 74     |
      | compact block sequences     | 5    | 127    |

  Scenario Outline: A name that is not one path segment is an error even in the lenient profile
    Given the hostile SKILL.md "skills/bad" is named <yaml>
    When I catalog the roots "skills" with "--profile lenient"
    Then the catalog lists exactly "normal-alpha, normal-beta"
    And the hostile finding for "skills/bad" includes "name.path-segment" at line 2 column 7

    Examples:
      | yaml            |
      | "../../etc"     |
      | "/etc/passwd"   |
      | "a/b"           |
      | "."             |
      | "nu\0l"         |

  Scenario: A look-alike of another skill's name is catalogued with warnings
    Given the hostile SKILL.md "skills/normal-аlpha" is named "normal-аlpha"
    When I catalog the roots "skills"
    Then the catalog exits with 0
    And the hostile finding for "skills/normal-аlpha" includes "name.mixed-script" at line 2 column 7
    And the hostile finding for "skills/normal-аlpha" includes "catalog.confusable" at line 0 column 0

  Scenario: A config file holding an alias bomb stops the run with a usage error at its place
    Given the config file "skillgraph.config.yaml" says:
      """
      roots: [skills]
      a0: &a0 [x, x, x, x, x, x, x, x, x]
      a1: &a1 [*a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0, *a0]
      a2: &a2 [*a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1, *a1]
      """
    When I catalog with no roots
    Then the catalog exits with 2
    And the catalog error says "skillgraph.config.yaml:3:10"
