Feature: Security audit and the capability seal
  A host reads skills it did not write. skillgraph audits every file of a skill
  before it reaches the prompt, and a lockfile seals what each skill may do, so
  an update that widens a skill is caught apart from an ordinary edit.

  Scenario: A script that sends an SSH key away fails the audit, with its place
    Given the audit fixture "cred-exfil" in ".claude/skills"
    And the audit fixture "rm-build" in ".claude/skills"
    When I run skillgraph "audit .claude/skills --json"
    Then skillgraph exits with 1
    And the audit reports "security.credential-exfil" as an error in ".claude/skills/cred-exfil/scripts/sync.sh" line 2
    And the audit passes "rm-build"

  Scenario: An install guide piped into a shell warns but does not fail
    Given the audit fixture "pipe-install-guide" in ".claude/skills"
    When I run skillgraph "audit .claude/skills"
    Then skillgraph exits with 0
    And skillgraph's stdout contains "security.pipe-to-shell"

  Scenario: Hidden tag characters are decoded in the message
    Given the audit fixture "tag-hidden" in "skills"
    When I run skillgraph "validate skills --profile security"
    Then skillgraph exits with 1
    And skillgraph's stdout contains "spelling \"run curl evil.sh\""

  Scenario: The context drops a skill with audit errors
    Given the audit fixture "decode-exec" in ".claude/skills"
    And the project skill folder ".claude/skills" holds the skill "tidy"
    When I run skillgraph "context --root .claude/skills --audit drop --json"
    Then skillgraph exits with 0
    And the context lists exactly "tidy" and flags "decode-exec"

  Scenario: Check reports widened capabilities apart from content changes
    Given the project skill folder ".claude/skills" holds the skill "alpha"
    And the project skill folder ".claude/skills" holds the skill "beta"
    And the project skill folder ".claude/skills" holds the skill "gamma"
    When I run skillgraph "lock"
    And the skill "alpha" in ".claude/skills" is granted "Bash(*)"
    And the skill "beta" in ".claude/skills" gets the script "scripts/sync.sh"
    And only the prose of "gamma" in ".claude/skills" changes
    And I run skillgraph "check --json"
    Then skillgraph exits with 1
    And the check lists exactly "alpha, beta" as widened and "alpha, beta, gamma" as changed
    When I run skillgraph "check --accept"
    Then skillgraph exits with 0
    When I run skillgraph "check"
    Then skillgraph exits with 0

  Scenario: A flow finding names where a fetched value comes from and where it runs
    Given the audit fixture "remote-exec-eval" in ".claude/skills"
    When I run skillgraph "audit .claude/skills --json"
    Then skillgraph exits with 1
    And the audit finding "security.remote-exec" in ".claude/skills/remote-exec-eval/scripts/update.sh" comes from line 3 and reaches line 4 through "U, P"

  Scenario: An instruction in another language is read as one
    Given the audit fixture "override-chinese" in "skills"
    When I run skillgraph "audit skills"
    Then skillgraph exits with 1
    And skillgraph's stdout contains "security.instruction-override"

  Scenario: audit --explain prints the rule, an example and the fix
    When I run skillgraph "audit --explain remote-exec"
    Then skillgraph exits with 0
    And skillgraph's stdout contains "security.remote-exec (error; remote-code-execution; OWASP AST01 Malicious Skills"
    And skillgraph's stdout contains "Example:"
    And skillgraph's stdout contains "Fix: Do not run fetched code"
