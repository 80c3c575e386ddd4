Feature: skillgraph serve sees its roots appear
  As a user who adds the MCP server first and installs skills afterwards
  I want the server to pick up a skills folder created after it started
  So that the agent sees the skills without restarting the server

  Scenario: a skills folder created after the server started is served, and the host is told
    Given a host connected to "skillgraph serve" over stdio with the root "project/.claude/skills", which does not exist yet
    Then skills/list comes to list ""
    And the server's log says "project/.claude/skills" is missing and watched from "."
    When an installer writes the skill "pdf" into "project/.claude/skills"
    Then the server's log says "project/.claude/skills" appeared
    And skills/list comes to list "skill://pdf/SKILL.md"
    And the host is told the resources changed
