Feature: skillgraph validate
  A linter a CI can trust: every SKILL.md under the paths given is reported,
  each finding located at its YAML node with a hint; exit 0 without errors,
  1 with any, 2 on usage.

  Scenario: a valid skill passes
    Given a valid skill "pdf-tools"
    When I validate "pdf-tools"
    Then validation exits with 0
    And skill "." is reported valid
    And the validation summary says 1 skill, 1 valid, 0 errors

  Scenario Outline: each major error class is reported with its code
    Given a skill "pdf" whose SKILL.md reads:
      """
      <content>
      """
    When I validate "pdf" with "--profile spec"
    Then validation exits with 1
    And skill "." is reported invalid
    And skill "." has the error "<code>"

    Examples:
      | content                                               | code                     |
      | # no frontmatter here                                 | frontmatter.missing      |
      | ---\nname: pdf\ndescription: never closed             | frontmatter.unterminated |
      | ---\nname: pdf\ndescription: "open quote\n---         | yaml.invalid             |
      | ---\n- just\n- a list\n---                            | frontmatter.not-mapping  |
      | ---\ndescription: Use when x.\n---                    | name.missing             |
      | ---\nname: PDF\ndescription: Use when x.\n---         | name.charset             |
      | ---\nname: pdf-\ndescription: Use when x.\n---        | name.hyphen              |
      | ---\nname: pdf\n---                                   | description.missing      |
      | ---\nname: pdf\ndescription: [a, b]\n---              | description.type         |
      | ---\nname: pdf\ndescription: d\nmetadata: [x]\n---    | metadata.type            |
      | ---\nname: pdf\ndescription: d\nlicense: {a: 1}\n---  | license.type             |

  Scenario: a --- inside a value never cuts the frontmatter
    Given a skill "pdf" whose SKILL.md reads:
      """
      ---
      name: pdf
      description: Splits a---b documents. Use when asked.
      ---
      Body with a rule:
      ---
      more body
      """
    When I validate "pdf"
    Then validation exits with 0
    And the parsed description of "pdf" is "Splits a---b documents. Use when asked."

  Scenario: a BOM and CRLF line endings are accepted with warnings
    Given a skill "pdf" whose SKILL.md has a BOM and CRLF line endings:
      """
      ---
      name: pdf
      description: Use when reading PDFs.
      ---
      Body
      """
    When I validate "pdf"
    Then validation exits with 0
    And skill "." has the warning "encoding.bom"
    And skill "." has the warning "encoding.crlf"

  Scenario: the name must match the folder, located at the name's value
    Given a skill "pdf" whose SKILL.md reads:
      """
      ---
      description: Use when reading PDFs.
      name: pdf-tools
      ---
      """
    When I validate "pdf"
    Then validation exits with 1
    And skill "." has the error "name.directory-mismatch" at line 3 column 7
    And the validation output shows the source line "name: pdf-tools" with a caret under column 7

  Scenario: an unknown field is an error in profile spec and a warning in skillgraph
    Given a skill "pdf" whose SKILL.md reads:
      """
      ---
      name: pdf
      description: Use when reading PDFs.
      triggers: pdf
      ---
      """
    When I validate "pdf" with "--profile spec"
    Then validation exits with 1
    And skill "." has the error "field.unknown" at line 4 column 1
    When I validate "pdf" with "--profile skillgraph"
    Then validation exits with 0
    And skill "." has the warning "field.unknown"

  Scenario: free-text compatibility is rejected instead of downgraded under strict-compat, and accepted as the specification allows
    Given a skill "demo" whose SKILL.md reads:
      """
      ---
      name: demo
      description: Use when a demo is asked for.
      compatibility: Requires Python
      ---
      body
      """
    When I validate "demo" with "--profile strict-compat"
    Then validation exits with 1
    And skill "." has the error "compatibility.free-text" at line 4 column 16
    When I validate "demo" with "--profile skillgraph"
    Then validation exits with 0
    And skill "." is reported valid

  Scenario: the catalog runtime's structured compatibility keys are read as skillgraph's, into one model
    Given a skill "skills/runtime-style" whose SKILL.md reads:
      """
      ---
      name: runtime-style
      description: Use when a demo is asked for.
      compatibility:
        operating_systems: [linux, macos]
        required_programs: [git]
        required_environment: [GITHUB_TOKEN]
      ---
      body
      """
    When I validate "skills/runtime-style"
    Then validation exits with 0
    And skill "." is reported valid
    When I run skillgraph "catalog --root skills --json"
    Then skillgraph exits with 0
    And the host's JSON has "skills.0.name" equal to "runtime-style"
    And the host's JSON has "skills.0.compatibility" equal to '{"os": ["linux", "macos"], "programs": ["git"], "env": ["GITHUB_TOKEN"]}'

  Scenario: profile lenient recovers an unquoted "key: a: b" value
    Given a skill "pdf" whose SKILL.md reads:
      """
      ---
      name: pdf
      description: Use when: the user mentions PDFs
      ---
      """
    When I validate "pdf" with "--profile spec"
    Then validation exits with 1
    And skill "." has the error "yaml.invalid"
    When I validate "pdf" with "--profile lenient"
    Then validation exits with 0
    And skill "." has the warning "yaml.recovered"
    And the parsed description of "pdf" with profile "lenient" is "Use when: the user mentions PDFs"

  Scenario: one broken skill never hides the others in a tree
    Given a valid skill "skills/alpha"
    And a skill "skills/broken" whose SKILL.md reads:
      """
      just text
      """
    And a valid skill "skills/alpha/nested-beta"
    And a valid skill "skills/.hidden/gamma"
    And a skill "skills/node_modules/dep" whose SKILL.md reads:
      """
      ignored
      """
    When I validate "skills" with "--json"
    Then validation exits with 1
    And the validation report lists 4 skills
    And skill "alpha" is reported valid
    And skill "alpha/nested-beta" is reported valid
    And skill ".hidden/gamma" is reported valid
    And skill "broken" has the error "frontmatter.missing"

  Scenario: a SKILL.md in other casing is found and flagged
    Given a skill "pdf" whose file "skill.md" reads:
      """
      ---
      name: pdf
      description: Use when reading PDFs.
      ---
      """
    When I validate "." with "--json"
    Then skill "pdf" has the warning "file.name-case"

  Scenario: a SKILL.md linked inside the tree is checked once, at its target, and counted
    Given a valid skill "real"
    And "alias/SKILL.md" is a symbolic link to "../real/SKILL.md"
    When I validate "." with "--json"
    Then validation exits with 0
    And the validation report lists 2 skills
    And the validation report marks "alias/SKILL.md" as linked to "real/SKILL.md"
    And the validation summary counts 1 link and 0 warnings

  Scenario: a SKILL.md linked out of the tree is itself reported
    Given a valid skill "real"
    And "tree/alias/SKILL.md" is a symbolic link to "../../real/SKILL.md"
    When I validate "tree" with "--json"
    Then validation exits with 0
    And skill "alias" has the warning "discover.symlink-skipped"

  Scenario: --json prints exactly the documented shape
    Given a valid skill "pdf"
    And a skill "bad" whose SKILL.md reads:
      """
      ---
      name: Bad
      description: Use when x.
      ---
      """
    When I validate "." with "--json"
    Then the validation JSON has exactly the documented shape
    And the validation summary says 2 skills, 1 valid, 2 errors

  Scenario Outline: usage errors exit 2
    Given a valid skill "pdf"
    When I validate "<args>"
    Then validation exits with 2

    Examples:
      | args                    |
      | pdf --profile nonsense  |
      | pdf --unicode latin1    |
      | missing-folder          |
      | pdf --no-such-flag      |
