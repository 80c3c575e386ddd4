Feature: what each agent loads, shows and hides
  An author asks whether the model ever sees a skill. skillgraph hosts
  answers for each agent — Claude Code, Codex, Copilot CLI, Gemini CLI,
  OpenCode, the Agents SDK and four documented ones — with the folders it
  reads, how it reads a SKILL.md, which copy of a name it keeps and what its
  listing budget leaves out, as measured on the agents themselves.

  Background:
    Given the project is a git repository

  Rule: each agent reads its own folders

    Scenario: a skill in .claude/skills is Claude Code's, not Codex's
      Given the project has the skill "pdf" in ".claude/skills" described as "Fill PDF forms."
      When skillgraph runs "hosts repo --home home --json"
      Then skillgraph exits 0
      And claude-code shows the skill at ".claude/skills/pdf/SKILL.md" as "Fill PDF forms."
      And codex calls the skill at ".claude/skills/pdf/SKILL.md" "not-discovered"
      And codex gives the skill at ".claude/skills/pdf/SKILL.md" the rule "roots"

    Scenario: the home copy beats the project's for Claude Code, the project's for Copilot
      Given the project has the skill "deploy" in ".claude/skills" described as "Project copy."
      And the home folder has the skill "deploy" in ".claude/skills" described as "Home copy."
      And the home folder has the skill "deploy" in ".copilot/skills" described as "Home copy."
      When skillgraph runs "hosts repo --home home --host claude-code --host copilot --json"
      Then claude-code lets the skill at "repo/.claude/skills/deploy/SKILL.md" lose to "home/.claude/skills/deploy/SKILL.md"
      And copilot lets the skill at "home/.copilot/skills/deploy/SKILL.md" lose to "repo/.claude/skills/deploy/SKILL.md"

    Scenario: the human report is a matrix that fits 80 columns
      Given the project has the skill "pdf" in ".agents/skills" described as "Fill PDF forms."
      When skillgraph runs "hosts repo --home home"
      Then skillgraph exits 0
      And skillgraph's output contains "claude-code"
      And skillgraph's output contains ".agents/skills/pdf"
      And every output line fits 80 columns

  Rule: each agent reads a SKILL.md its own way

    Scenario: an unquoted "Use when: x" is refused by Copilot and listed by Codex
      Given the project has the skill "colon" in ".agents/skills" with frontmatter:
        """
        name: colon
        description: Use when: the user asks about colons
        """
      When skillgraph runs "hosts repo --home home --host codex --host copilot --json"
      Then codex shows the skill at ".agents/skills/colon/SKILL.md" as "Use when: the user asks about colons"
      And copilot calls the skill at ".agents/skills/colon/SKILL.md" "refused"
      And copilot gives the skill at ".agents/skills/colon/SKILL.md" the rule "yaml.invalid"

    Scenario: --why tells each agent's verdict and reason for one skill
      Given the project has the skill "colon" in ".agents/skills" with frontmatter:
        """
        name: colon
        description: Use when: the user asks about colons
        """
      When skillgraph runs "hosts repo --home home --host codex --host copilot --host claude-code --why colon"
      Then skillgraph's output contains "codex 0.169.0"
      And skillgraph's output contains "sees: Use when: the user asks about colons"
      And skillgraph's output contains "refused"
      And skillgraph's output contains "[yaml.invalid]"
      And skillgraph's output contains "not in a folder the agent reads"
      And every output line fits 80 columns

  Rule: --fail-on turns what agents leave out into a failing exit

    Scenario: a skill no chosen agent reads is unreachable
      Given the project has the skill "lost" in "skills" described as "In no agent's folder."
      When skillgraph runs "hosts repo --home home --fail-on unreachable"
      Then skillgraph exits 1
      And skillgraph's output contains "listed by none of these agents: 1"
      And skillgraph's summary contains "1 unreachable"

    Scenario: a refused skill fails --fail-on refused, and SARIF points at its SKILL.md
      Given the project has the skill "colon" in ".github/skills" with frontmatter:
        """
        name: colon
        description: Use when: the user asks about colons
        """
      When skillgraph runs "hosts repo --home home --host copilot --fail-on refused --format sarif"
      Then skillgraph exits 1
      And the SARIF report has a "hosts.refused" result at ".github/skills/colon/SKILL.md"

    Scenario: Codex leaves skills out when even their names overflow its budget
      Given the project has 600 skills in ".agents/skills" with 40-character descriptions
      When skillgraph runs "hosts repo --home home --host codex --fail-on hidden --json"
      Then skillgraph exits 1
      And codex calls the skill at ".agents/skills/bulk-0599/SKILL.md" "hidden"
      And codex calls the skill at ".agents/skills/bulk-0000/SKILL.md" "name-only"

  Rule: context --host renders the catalog as the agent lists it

    Scenario: Claude Code's listing names each skill with its description
      Given the project has the skill "pdf" in ".claude/skills" described as "Fill PDF forms."
      When skillgraph runs "context --host claude-code --root repo/.claude/skills"
      Then skillgraph exits 0
      And skillgraph's output contains "- pdf: Fill PDF forms."

    Scenario: the Agents SDK lists what the SDK lists, with its fallbacks
      Given the project has the skill "colon" in ".agents/skills" with frontmatter:
        """
        name: colon
        description: Use when: the user asks about colons
        """
      And the project has the skill "other-folder" in ".agents/skills" with frontmatter:
        """
        name: renamed
        """
      When skillgraph runs "context --host openai-agents --root repo/.agents/skills"
      Then skillgraph exits 0
      And skillgraph's output contains "- colon: Use when: the user asks about colons (file: .agents/colon)"
      And skillgraph's output contains "- renamed: No description provided. (file: .agents/other-folder)"
