Feature: Resolving how skills compose
  A skill's tool set is flattened from its includes (depth first), its own
  tool refs, inline tools, MCP tools and nested agent skills. Skills are
  written as SKILL.md files in scoped roots and resolved through the CLI,
  exactly as a CI job or an agent host would.

  Scenario: Flat includes keep depth-first order
    Given the composed skill "base":
      """
      tools: [read_file]
      """
    And the composed skill "middle":
      """
      includes: [base]
      tools: [grep]
      """
    And the composed skill "top":
      """
      includes: [middle]
      tools: [write_report]
      """
    When I resolve the composed skills "top"
    Then the resolution exits with 0
    And composed skill "top" resolves to the keys "read_file, grep, write_report"

  Scenario: Overlapping includes de-duplicate with last-wins metadata
    Given the composed skill "reader":
      """
      tools: [read_file, list_dir]
      """
    And the composed skill "editor":
      """
      tools:
        - { name: read_file, writes: true, description: Opens for editing }
        - edit_file
      """
    And the composed skill "both":
      """
      includes: [reader, editor]
      """
    When I resolve the composed skills "both"
    Then composed skill "both" resolves to the keys "read_file, list_dir, edit_file"
    And composed skill "both" has the entry:
      | key         | read_file          |
      | kind        | tool_ref           |
      | writes      | true               |
      | description | Opens for editing  |
      | source      | editor             |

  Scenario: Inline tools and MCP sources are keyed correctly
    Given the composed skill "triage":
      """
      inline-tools:
        - { description: Summarise a diff, writes: false, input-schema: { type: object } }
        - { description: Label an issue, writes: true }
      mcp:
        - server: github
          tools: [search_issues, { name: create_issue, writes: true }]
      agent-skills:
        - vendor/pdf-tools
      """
    When I resolve the composed skills "triage"
    Then composed skill "triage" resolves to the keys "triage/_anon_0, triage/_anon_1, mcp:github/search_issues, mcp:github/create_issue, agent_skill:vendor/pdf-tools"
    And composed skill "triage" has the entry:
      | key    | mcp:github/create_issue |
      | kind   | mcp                     |
      | writes | true                    |
      | server | github                  |
      | tool   | create_issue            |
      | source | triage                  |
    And composed skill "triage" has the entry:
      | key         | triage/_anon_0   |
      | kind        | inline           |
      | writes      | false            |
      | description | Summarise a diff |

  Scenario: A named inline tool is keyed by its name, and the skill is kept
    Given the composed skill "review-fmt":
      """
      inline-tools:
        - { name: fmt, description: Format the diff }
        - { description: Summarise the diff }
      """
    When I resolve the composed skills "review-fmt"
    Then the resolution exits with 0
    And composed skill "review-fmt" resolves to the keys "review-fmt/fmt, review-fmt/_anon_1"

  Scenario: A cycle fails with the full path, and so do its includers, while the rest resolves
    Given the composed skill "alpha":
      """
      includes: [beta]
      """
    And the composed skill "beta":
      """
      includes: [gamma]
      """
    And the composed skill "gamma":
      """
      includes: [alpha]
      """
    And the composed skill "user":
      """
      includes: [beta]
      """
    And the composed skill "bystander":
      """
      tools: [read_file]
      """
    When I resolve every composed skill with their entries
    Then the resolution exits with 1
    And composed skill "alpha" fails with "cycle_detected" saying "include cycle: alpha -> beta -> gamma -> alpha"
    And composed skill "user" fails with "cycle_detected" saying "include cycle: user -> beta -> gamma -> alpha -> beta"
    And composed skill "bystander" resolves to the keys "read_file"
    And the resolution reports 1 cycle along "alpha -> beta -> gamma -> alpha"

  Scenario: Resolve Skill With Cycle Raises Error, naming every skill of a long cycle
    Given a composed include cycle of 20 skills "s1" to "s20"
    When I describe the composed skill "s1"
    Then the resolution exits with 1
    And the described error is "cycle_detected" with a message shortened to "... (5 more) ..."
    And the described error's details hold the path of 21 skills from "s1" through "s20" back to "s1"

  Scenario: A cycle error carries its whole path from the skill resolved; only the human line is shortened
    Given a composed include cycle of 40 skills "s1" to "s40"
    And the composed skill "user":
      """
      includes: [s5]
      """
    When I resolve every composed skill
    Then the resolution exits with 1
    And composed skill "s1"'s error path holds 41 skills from "s1" through "s20" to "s1"
    And composed skill "s7"'s error path holds 41 skills from "s7" through "s40" to "s7"
    And composed skill "user"'s error path holds 42 skills from "user" through "s4" to "s5"
    When I resolve every composed skill in text
    Then the resolution output shortens the cycle to "... (25 more) ..."

  Scenario: The whole-catalog document grows with the skills, not with their flattened lists
    Given a composed include chain of 300 skills "c1" to "c300"
    When I resolve every composed skill
    Then the resolution exits with 0
    And every resolved skill carries a summary and no entry list
    And the resolution document is under 1500 bytes per skill
    And composed skill "c1" has the summary:
      | tool_count | 300 |
    When I resolve the composed skills "c1 c299"
    Then composed skill "c1" has 300 entries
    And composed skill "c299" resolves to the keys "tool-300, tool-299"
    When I resolve every composed skill with their entries
    Then composed skill "c2" has 299 entries

  Scenario: An include of an unknown skill names the includer
    Given the composed skill "lonely":
      """
      includes: [nowhere]
      """
    And the composed skill "fan":
      """
      includes: [lonely]
      """
    When I resolve every composed skill
    Then the resolution exits with 1
    And composed skill "lonely" fails with "skill_not_found" saying "skill 'lonely' includes unknown skill 'nowhere'"
    And composed skill "fan" fails with "skill_not_found" saying "skill 'lonely' includes unknown skill 'nowhere' (include chain: fan -> lonely -> nowhere)"

  Scenario: Overrides change included entries for that includer only
    Given the composed skill "fs" in the global scope:
      """
      tools: [read_file, { name: write_file, writes: true }]
      """
    And the composed skill "dry-run":
      """
      includes:
        - skill: global/fs
          overrides:
            write_file: { writes: false, description: dry run }
      """
    And the composed skill "real-run":
      """
      includes: [fs]
      """
    When I resolve every composed skill with their entries
    Then composed skill "dry-run" has the entry:
      | key         | write_file |
      | writes      | false      |
      | description | dry run    |
      | source      | fs         |
    And composed skill "real-run" has the entry:
      | key    | write_file |
      | writes | true       |
    And composed skill "dry-run" has the summary:
      | tool_count   | 2        |
      | writes       | false    |
      | read_only    | true     |
      | source_types | tool_ref |

  Scenario: Capability summary, alone with --summary
    Given the composed skill "ops":
      """
      tools: [read_logs]
      mcp:
        - server: pager
          tools: [{ name: page_oncall, writes: true }]
      agent-skills: [runbooks/restart]
      """
    And the composed skill "empty":
      """
      version: 1.0.0
      """
    When I resolve the composed skills "ops empty" with "--summary"
    Then composed skill "ops" has the summary:
      | tool_count   | 3                          |
      | writes       | true                       |
      | read_only    | false                      |
      | source_types | tool_ref, mcp, agent_skill |
    And composed skill "empty" has the summary:
      | tool_count   | 0     |
      | writes       | false |
      | read_only    | true  |
      | source_types |       |
    And the resolution lists no entries

  Scenario: Declared dependencies sit beside the resolved entries, and an MCP server nothing provides is reported
    Given the composed skill "triage-github":
      """
      includes: [github-tools]
      dependencies:
        tools: [gh, git, gh]
        mcp_servers: [linear, github]
      """
    And the composed skill "github-tools":
      """
      mcp: [{ server: github, tools: [search_issues] }]
      """
    When I resolve the composed skills "triage-github"
    Then the resolution exits with 0
    And composed skill "triage-github" resolves to the keys "mcp:github/search_issues"
    And composed skill "triage-github" declares the dependencies tools "gh, git" and MCP servers "github, linear"
    And the resolution reports "resolve.mcp-server-unprovided" for MCP server "linear" only
    When I resolve the composed skills "triage-github" with "--summary"
    Then composed skill "triage-github" declares the dependencies tools "gh, git" and MCP servers "github, linear"

  Scenario: Composition loaded from a config file
    Given the composed skill "shared" in the global scope:
      """
      tools: [fetch]
      """
    And the composed skill "app":
      """
      includes: [shared]
      mcp: [{ server: db, tools: [query] }]
      """
    And a skillgraph config file listing the composed skill roots
    When I resolve the composed skills "app"
    Then the resolution exits with 0
    And composed skill "app" resolves to the keys "fetch, mcp:db/query"

  Scenario: The WASM and JS backends print identical results
    Given the composed skill "a":
      """
      includes: [b, { skill: c, overrides: { x: { writes: true } } }]
      tools: [own]
      """
    And the composed skill "b":
      """
      tools: [x, y]
      """
    And the composed skill "c":
      """
      includes: [b, ghost]
      """
    And the composed skill "d":
      """
      includes: [d]
      """
    Then the resolution JSON is identical for backends "wasm" and "js"
    When I resolve every composed skill with SKILLGRAPH_BACKEND "js"
    Then the resolution stats name the "js" backend

  Scenario: The include graph highlights cycles
    Given the composed skill "ping":
      """
      includes: [pong]
      """
    And the composed skill "pong":
      """
      includes: [ping, missing-one]
      """
    When I draw the composed include graph as "mermaid"
    Then the include graph exits with 1
    And the include graph marks the cycle edge from "ping" to "pong"
    And the include graph text contains "linkStyle"
    When I draw the composed include graph as "dot"
    Then the include graph text contains "color=red"
