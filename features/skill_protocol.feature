Feature: Skill protocol types
  An agent host lists, composes, runs and reports on skills through a few
  typed values: an error taxonomy of seven kinds, SkillError, SkillMetadata,
  SkillDefinition and SkillResult. Every value is checked when it is built,
  cannot be changed afterwards and survives a JSON round trip; any thrown
  error can be turned into a SkillError.

  Rule: there are exactly seven kinds of skill error

    Scenario Outline: the taxonomy names <type>
      When I list the protocol error types
      Then the protocol error types include "<type>"

      Examples:
        | type                    |
        | skill_not_found         |
        | resolution_failure      |
        | cycle_detected          |
        | tool_activation_failure |
        | tool_execution_failure  |
        | validation_error        |
        | permission_denied       |

    Scenario: the taxonomy has no eighth kind
      When I list the protocol error types
      Then there are exactly 7 protocol error types

  Rule: a SkillError is validated, immutable and round-trips through JSON

    Scenario: a SkillError with only the required fields
      When I build a protocol error "tool_execution_failure" saying "Tool timed out" for skill "report-builder"
      Then the protocol error has type "tool_execution_failure" and message "Tool timed out"
      And the protocol error names skill "report-builder" and no tool

    Scenario: a SkillError naming the tool
      When I build a protocol error "tool_activation_failure" saying "server exited" for skill "gh-triage" and tool "mcp:github/search_issues"
      Then the protocol error names skill "gh-triage" and tool "mcp:github/search_issues"

    Scenario: a SkillError with details
      When I build a protocol error "resolution_failure" saying "override for an unknown entry" for skill "release" with details:
        """
        { "trace_id": "run-42", "entry": "write_file" }
        """
      Then the protocol error details hold "trace_id" = "run-42"

    Scenario: a SkillError of an unknown kind is refused
      When I try to build a protocol error "exploded" saying "boom" for skill "release"
      Then the protocol value is refused with code "protocol.invalid" at "type"

    Scenario: a SkillError cannot be changed
      When I build a protocol error "validation_error" saying "Bad input" for skill "linter"
      Then setting "message" on the protocol error fails and it still says "Bad input"
      And the protocol error's details cannot be extended

    Scenario: a SkillError survives a JSON round trip
      When I build a protocol error "permission_denied" saying "EACCES" for skill "deploy" and tool "write_file"
      Then the protocol error reads back from its JSON unchanged

  Rule: SkillMetadata summarises a skill and its resolved tools

    Scenario: a skill without tools is read-only
      Given a protocol skill "test-skill" described as "A test skill"
      When I take the protocol metadata of the skill
      Then the protocol metadata has name "test-skill", description "A test skill" and version "0.0.0"
      And the protocol metadata is read-only with 0 tools and source types ""

    Scenario: tool references are counted
      Given a protocol skill "grep-helper" described as "Searches code"
      And the skill resolves to the protocol tools:
        | key       | kind     | writes |
        | read_file | tool_ref | false  |
        | grep      | tool_ref | false  |
      When I take the protocol metadata of the skill
      Then the protocol metadata is read-only with 2 tools and source types "tool_ref"

    Scenario: one writing tool makes the skill a writer
      Given a protocol skill "patcher" described as "Applies patches"
      And the skill resolves to the protocol tools:
        | key              | kind     | writes |
        | read_file        | tool_ref | false  |
        | patcher/_anon_0  | inline   | true   |
      When I take the protocol metadata of the skill
      Then the protocol metadata writes with 2 tools and source types "tool_ref,inline"

    Scenario: MCP tools are a source type
      Given a protocol skill "gh-triage" described as "Triage issues"
      And the skill resolves to the protocol tools:
        | key                       | kind | writes |
        | mcp:github/search_issues  | mcp  | false  |
        | mcp:github/create_issue   | mcp  | true   |
      When I take the protocol metadata of the skill
      Then the protocol metadata writes with 2 tools and source types "mcp"

    Scenario: nested agent skills are a source type
      Given a protocol skill "pdf-suite" described as "Works with PDFs"
      And the skill resolves to the protocol tools:
        | key                          | kind        | writes |
        | agent_skill:vendor/pdf-tools | agent_skill | false  |
        | read_file                    | tool_ref    | false  |
      When I take the protocol metadata of the skill
      Then the protocol metadata is read-only with 2 tools and source types "tool_ref,agent_skill"

    Scenario: the package's version is used, and the caller may override it
      Given a protocol skill "versioned" described as "Has a version" at version "2.0.1"
      When I take the protocol metadata of the skill
      Then the protocol metadata has name "versioned", description "Has a version" and version "2.0.1"
      When I take the protocol metadata of the skill with version "1.2.3"
      Then the protocol metadata has name "versioned", description "Has a version" and version "1.2.3"

    Scenario: metadata of no skill is a clear error
      When I try to take the protocol metadata of a missing package
      Then the protocol value is refused with code "protocol.invalid" saying "needs a skill package, got null"

    Scenario: metadata cannot be changed
      Given a protocol skill "test-skill" described as "A test skill"
      When I take the protocol metadata of the skill
      Then setting "writes" on the protocol metadata fails and it stays read-only

    Scenario: metadata survives a JSON round trip
      Given a protocol skill "gh-triage" described as "Triage issues"
      And the skill resolves to the protocol tools:
        | key                     | kind | writes |
        | mcp:github/create_issue | mcp  | true   |
      When I take the protocol metadata of the skill
      Then the protocol metadata reads back from its JSON unchanged

  Rule: a SkillDefinition is consistent with its tools and schemas

    Scenario: a definition with resolved tools
      Given a protocol skill "def-skill" described as "Defines things"
      And the skill resolves to the protocol tools:
        | key       | kind     | writes |
        | read_file | tool_ref | false  |
      When I define the protocol skill
      Then the protocol definition is for "def-skill" with 1 tool and writes "false"

    Scenario: a definition with input and output schemas
      Given a protocol skill "def-skill" described as "Defines things"
      When I define the protocol skill with input schema '{"type": "object"}' and output schema '{"type": "string"}'
      Then the protocol definition has an input schema of type "object" and an output schema of type "string"

    Scenario Outline: a <which> schema without a type is refused
      Given a protocol skill "def-skill" described as "Defines things"
      When I try to define the protocol skill with <which> schema '{"properties": {}}'
      Then the protocol value is refused with code "protocol.invalid" at "<which>_schema"

      Examples:
        | which  |
        | input  |
        | output |

    Scenario: a declared writes flag that disagrees with the tools is refused
      Given a protocol skill "sneaky" described as "Claims to be read-only"
      And the skill resolves to the protocol tools:
        | key        | kind     | writes |
        | write_file | tool_ref | true   |
      When I try to define the protocol skill declaring writes "false"
      Then the protocol value is refused with code "protocol.invalid" at "writes"

    Scenario: a definition cannot be changed
      Given a protocol skill "def-skill" described as "Defines things"
      And the skill resolves to the protocol tools:
        | key       | kind     | writes |
        | read_file | tool_ref | false  |
      When I define the protocol skill
      Then the protocol definition and its tools cannot be changed
      And the protocol definition reads back from its JSON unchanged

  Rule: a SkillResult records how a run went

    Scenario: a successful run
      When I record a successful protocol run of "my-skill" tool "my-tool" returning "hello"
      Then the protocol result succeeded for "my-skill" tool "my-tool" with output "hello" and no error

    Scenario: a failed run carries its SkillError
      When I record a failed protocol run of "my-skill" tool "my-tool" with a "tool_execution_failure" error
      Then the protocol result failed with a "tool_execution_failure" error

    Scenario: a run's duration and resource changes
      When I record a successful protocol run of "my-skill" taking 150.5 ms and creating "out/report.md"
      Then the protocol result took 150.5 ms and changed 1 resource

    Scenario: success and error must agree
      When I try to record a successful protocol run of "my-skill" that carries an error
      Then the protocol value is refused with code "protocol.invalid" at "error"

    Scenario: a result cannot be changed and survives a JSON round trip
      When I record a failed protocol run of "my-skill" tool "my-tool" with a "tool_execution_failure" error
      Then the protocol result cannot be changed
      And the protocol result reads back from its JSON unchanged

  Rule: any thrown error maps to a SkillError, by type or code first and by message last

    Scenario Outline: <thrown> "<message>" maps to <type>
      When I map a protocol failure <thrown> "<message>" in skill "release"
      Then the mapped protocol error has type "<type>"

      Examples: ValueError-like errors from resolution
        | thrown          | message                          | type               |
        | ResolutionError | Cycle detected in skill includes | cycle_detected     |
        | ResolutionError | Skill not found                  | skill_not_found    |
        | ResolutionError | Something went wrong             | resolution_failure |
        | RangeError      | include depth out of range       | resolution_failure |

      Examples: errors named after the Python classes, as a host bridging Python forwards them
        | thrown          | message                          | type                    |
        | ValueError      | Cycle detected in skill includes | cycle_detected          |
        | ValueError      | Skill not found                  | skill_not_found         |
        | ValueError      | Something went wrong             | resolution_failure      |
        | PermissionError | access denied                    | permission_denied       |
        | RuntimeError    | Unexpected failure               | tool_execution_failure  |
        | RuntimeError    | activation failed                | tool_activation_failure |

      Examples: Python's ValueError family, by name, as a JavaScript subclass and as a plain object a host forwards
        | thrown                        | message                           | type               |
        | JSONDecodeError               | Expecting value: line 1 column 1  | resolution_failure |
        | UnicodeDecodeError            | invalid start byte                | resolution_failure |
        | subclass ConfigValueError     | include depth out of range        | resolution_failure |
        | subclass ConfigValueError     | Skill not found                   | skill_not_found    |
        | forwarded ValueError          | Something went wrong              | resolution_failure |
        | forwarded UnicodeEncodeError  | codec can't encode character      | resolution_failure |
        | forwarded JSONDecodeError     | Cycle detected in skill includes  | cycle_detected     |

      Examples: permissions
        | thrown                | message                  | type              |
        | errno EACCES          | open failed              | permission_denied |
        | errno EPERM           | operation not permitted  | permission_denied |
        | PermissionDeniedError | writes disabled          | permission_denied |

      Examples: runtime errors
        | thrown          | message                         | type                    |
        | Error           | Unexpected failure              | tool_execution_failure  |
        | TypeError       | Cannot read properties of null  | tool_execution_failure  |
        | Error           | activation failed               | tool_activation_failure |
        | ActivationError | server exited                   | tool_activation_failure |
        | Error           | tool data.csv not found on disk | tool_execution_failure  |

      Examples: skillgraph's own coded errors, whatever their text
        | thrown                 | message               | type               |
        | code resolve.cycle     | a -> b -> a           | cycle_detected     |
        | code skill.not-found   | no skill named x      | skill_not_found    |
        | code resolve.not-found | include x is missing  | skill_not_found    |
        | code skill.invalid     | activation not found  | validation_error   |
        | code skill.ambiguous   | two skills named x    | resolution_failure |

      Examples: resolver results keep their type
        | thrown                   | message           | type           |
        | resolver cycle_detected  | a -> b -> a       | cycle_detected |

    Scenario: the tool name lands in the details
      When I map a protocol failure Error "boom" in skill "release" tool "write_file"
      Then the mapped protocol error names tool "write_file" in its details

    Scenario: an empty skill name is refused
      When I try to map a protocol failure Error "boom" in skill ""
      Then the protocol value is refused with code "protocol.invalid" at "skill_name"

  Rule: `skillgraph describe NAME` prints one skill's metadata and definition

    Background:
      Given a protocol skill folder "skills/base" with frontmatter:
        """
        name: base
        description: Reads the repository. Use when another skill needs file access.
        tools:
          - read_file
          - { name: write_file, writes: true }
        """
      And a protocol skill folder "skills/triage" with frontmatter:
        """
        name: triage
        description: Triage GitHub issues. Use when the user asks to sort the backlog.
        version: 1.4.0
        metadata:
          owner: triage-team
        includes:
          - skill: base
            overrides:
              write_file: { writes: false }
        mcp:
          - server: github
            tools: [search_issues]
        """
      And a protocol skill folder "skills/loop-a" with frontmatter:
        """
        name: loop-a
        description: Half of a cycle. Use never.
        includes: [loop-b]
        """
      And a protocol skill folder "skills/loop-b" with frontmatter:
        """
        name: loop-b
        description: Other half of a cycle. Use never.
        includes: [loop-a]
        """

    Scenario: describing a skill as JSON
      When I run the protocol CLI "describe triage --root skills:project --json"
      Then the protocol CLI exits with status 0
      And the protocol CLI metadata is version "1.4.0", read-only with 3 tools and source types "tool_ref,mcp"
      And the protocol CLI definition lists the tools "read_file,write_file,mcp:github/search_issues"
      And the protocol CLI JSON reads back into SkillMetadata and SkillDefinition

    Scenario: describing a skill for people
      When I run the protocol CLI "describe base --root skills:project"
      Then the protocol CLI exits with status 0
      And the protocol CLI human output mentions "writes · 2 tool(s) · tool_ref" and "write_file"

    Scenario: a skill on an include cycle is described by its SkillError
      When I run the protocol CLI "describe loop-a --root skills:project --json"
      Then the protocol CLI exits with status 1
      And the protocol CLI error is a "cycle_detected" SkillError mentioning "loop-a -> loop-b -> loop-a"

    Scenario: an unknown skill is described by its SkillError
      When I run the protocol CLI "describe nowhere --root skills:project --json"
      Then the protocol CLI exits with status 1
      And the protocol CLI error is a "skill_not_found" SkillError mentioning "nowhere"

    Scenario: the catalog lists each skill's protocol metadata
      When I run the protocol CLI "catalog --root skills:project --json"
      Then the protocol CLI exits with status 0
      And the protocol CLI catalog gives "triage" metadata with 3 tools and source types "tool_ref,mcp"
      And the protocol CLI catalog gives "base" metadata with 2 tools and source types "tool_ref"
      And the protocol CLI catalog gives "loop-a" no metadata
      And the protocol CLI catalog keeps the frontmatter metadata of "triage": "owner" = "triage-team"

    Scenario: resolve lists each skill's protocol metadata, with and without entries
      When I run the protocol CLI "resolve triage loop-a --root skills:project --json"
      Then the protocol CLI exits with status 1
      And the protocol CLI resolve output gives "triage" metadata with 3 tools and source types "tool_ref,mcp"
      And the protocol CLI resolve output gives "loop-a" no metadata
      When I run the protocol CLI "resolve base --summary --root skills:project --json"
      Then the protocol CLI exits with status 0
      And the protocol CLI resolve output gives "base" metadata with 2 tools and source types "tool_ref"
