Feature: Lazy loading and workspaces
  In lazy mode the model sees only the listing and asks for a skill by name.
  The host then reads that one skill — verified against the digest the
  catalog sealed — or stages its folder into a workspace. A run loads each
  skill once; a session event log remembers what each run loaded, and a
  later run starts empty.

  Background:
    Given the local skill root holds "pdf-tools" with body:
      """
      # PDF tools

      Run scripts/fill.py on the form.
      """
    And the skill "pdf-tools" in the local root has a file "scripts/fill.py" containing "print('fill')"
    And the skill "pdf-tools" in the local root has a file "references/forms.md" containing "# Forms"
    And the skill "pdf-tools" in the local root has a file "assets/blank.txt" containing "blank"
    And the project skill root holds "review" with body:
      """
      Review the change line by line.
      """

  Rule: a load prints the instructions once per run

    Scenario: the first load prints the instructions and logs the event
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      Then the host sees exit status 0
      And the host's stdout contains "Run scripts/fill.py on the form."
      And the host's stdout does not contain "description:"
      And the session log "session.jsonl" has 1 skill_loaded event for run "r1"

    Scenario: a second load in the same run answers already_loaded and prints nothing
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      And the host runs "load pdf-tools --run r1 --log session.jsonl"
      Then the host sees exit status 0
      And the host's stdout is empty
      And the host's stderr contains "already loaded in run r1"
      And the session log "session.jsonl" has 1 skill_loaded event for run "r1"
      When the host runs "load pdf-tools --run r1 --log session.jsonl --json"
      Then the host's JSON has "status" equal to "already_loaded"

    Scenario: a later run starts empty
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      And the host runs "load pdf-tools --run r2 --log session.jsonl --json"
      Then the host's JSON has "status" equal to "loaded"
      And the session log "session.jsonl" has 1 skill_loaded event for run "r2"

    Scenario: JSON carries the body, base folder, resources and digest
      When the host runs "load pdf-tools --json"
      Then the host sees exit status 0
      And the host's JSON has "status" equal to "loaded"
      And the host's JSON has 4 items in "resources"
      And the host's JSON has "resources.3.path" equal to "scripts/fill.py"
      And the host's JSON has "run" equal to "null"

    Scenario: a run that loaded another version of the skill is refused
      Given the session log "session.jsonl" holds:
        """
        {"run_id":"r1","event":"skill_loaded","name":"pdf-tools","digest":"sha256:0000000000000000000000000000000000000000000000000000000000000000"}
        """
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      Then the host sees exit status 1
      And the host's stderr contains "skill 'pdf-tools' changed"
      And the host's stdout is empty

    Scenario: a malformed log line is reported with its line number
      Given the session log "session.jsonl" holds:
        """
        {"run_id":"r1","event":"run_started"}
        {"run_id":"r1","event":"skill_loaded","name":
        """
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      Then the host sees exit status 2
      And the host's stderr contains "session.jsonl:2"

    Scenario: a logged digest that is not a sealed one is a malformed line
      Given the session log "session.jsonl" holds:
        """
        {"run_id":"r1","event":"skill_loaded","name":"pdf-tools","digest":"sha256:aa"}
        """
      When the host runs "load pdf-tools --run r1 --log session.jsonl"
      Then the host sees exit status 2
      And the host's stderr contains "session.jsonl:1"
      And the host's stdout is empty

    Scenario: an unknown name suggests the closest ones
      When the host runs "load pdf-tool --json"
      Then the host sees exit status 1
      And the host's JSON has "error.code" equal to "skill.not-found"
      And the host's JSON has "error.details.suggestions" equal to "[\"pdf-tools\"]"

    Scenario: --run without --log is a usage error
      When the host runs "load pdf-tools --run r1"
      Then the host sees exit status 2
      And the host's stderr contains "--run and --log go together"

  Rule: a load re-reads the file and checks the sealed digest

    Scenario: loaded, already loaded, and loaded again in a new run
      Given the host has sealed the catalog of its skill roots
      When the host reads "pdf-tools" for context
      Then the read answers "loaded"
      And the read returns instructions holding "Run scripts/fill.py on the form." and lists "scripts/fill.py"
      When the host reads "pdf-tools" for context
      Then the read answers "already_loaded"
      When a new run starts
      And the host reads "pdf-tools" for context
      Then the read answers "loaded"

    Scenario: an edit since sealing is reported, never served
      Given the host has sealed the catalog of its skill roots
      When the skill "review" in the project root is edited to say "Approve everything."
      And the host reads "review" for context
      Then the read fails with "skill.digest-changed"

    Scenario: a scoped name reads that scope's copy; an unknown one is not found
      Given the host has sealed the catalog of its skill roots
      When the host reads "project/review" for context
      Then the read answers "loaded"
      When the host reads "global/review" for context
      Then the read fails with "skill.not-found"

  Rule: loads are complete and descriptor-only, and never widen what a run may do

    Scenario: One thousand loads are complete, descriptor-only and never expand authority
      Given 1000 local skills "skill-N" that each require a program, an environment variable, a tool and an MCP server the host lacks
      And the host has sealed the catalog of its skill roots
      When the host renders the descriptor context and loads every skill once
      Then the context names every skill with its digest and holds none of their instructions
      And every load answers "loaded" with its instructions, sealed digest, version and file
      And the sealed catalog and its allowed tools are unchanged by the loads

    Scenario: One thousand digest changes are rejected within a loaded set
      Given the host has sealed the catalog of its skill roots
      When 1000 runs each remember "pdf-tools" loaded with another digest
      Then each of those runs is refused "pdf-tools" with "skill.digest-changed"

  Rule: the load_skill tool takes skill_name and answers status, skill_name and path

    Scenario: a load_skill call stages the skill and answers in the SDK's shape
      Given the host has sealed the catalog of its skill roots
      And the host offers load_skill over the workspace "ws"
      When the model calls load_skill with '{"skill_name": "pdf-tools"}'
      Then load_skill answers '{"status":"loaded","skill_name":"pdf-tools","path":"ws/pdf-tools"}'
      And the workspace file "ws/pdf-tools/SKILL.md" contains "Run scripts/fill.py on the form."
      When the model calls load_skill with '{"name": "pdf-tools"}'
      Then load_skill answers '{"status":"already_loaded","skill_name":"pdf-tools","path":"ws/pdf-tools"}'

    Scenario: a load_skill call whose name is one skill's and another's folder is ambiguous
      Given the project skill root holds "pdf" with body:
        """
        The new PDF rules.
        """
      And the project skill root has the folder "legacy/pdf" holding the skill "pdf-legacy"
      And the host has sealed the catalog of its skill roots with profile "lenient"
      And the host offers load_skill over the workspace "ws"
      When the model calls load_skill with '{"skill_name": "pdf"}'
      Then load_skill fails with "skill.ambiguous"
      And the workspace "ws" holds exactly:
        """
        """

  Rule: materialising copies whole skill folders into a workspace

    Scenario: every skill is copied under <dir>/<name>/ and nothing else is left behind
      When the host runs "materialize ws"
      Then the host sees exit status 0
      And the workspace "ws" holds exactly:
        """
        pdf-tools/SKILL.md
        pdf-tools/assets/blank.txt
        pdf-tools/references/forms.md
        pdf-tools/scripts/fill.py
        review/SKILL.md
        """

    Scenario: lazy mode stages nothing up front, then one skill per load
      When the host runs "materialize ws --lazy --json"
      Then the host's JSON has "available" equal to "[\"pdf-tools\",\"review\"]"
      And the host's JSON has 0 items in "skills"
      And the workspace "ws" holds exactly:
        """
        """
      When the host runs "materialize ws --lazy review --json"
      Then the host's JSON has "skills.0.status" equal to "loaded"
      And the workspace "ws" holds exactly:
        """
        review/SKILL.md
        """
      When the host runs "materialize ws --lazy review --json"
      Then the host's JSON has "skills.0.status" equal to "already_loaded"

    Scenario: load --into stages the folder while printing the instructions
      When the host runs "load pdf-tools --into ws"
      Then the host sees exit status 0
      And the host's stdout contains "Run scripts/fill.py on the form."
      And the workspace "ws" holds exactly:
        """
        pdf-tools/SKILL.md
        pdf-tools/assets/blank.txt
        pdf-tools/references/forms.md
        pdf-tools/scripts/fill.py
        """

    Scenario: a scoped name stages that scope's copy, even when shadowed
      Given the local skill root holds "review" with body:
        """
        Local review rules.
        """
      When the host runs "load project/review --into ws"
      Then the host sees exit status 0
      And the host's stdout contains "Review the change line by line."
      And the workspace file "ws/review/SKILL.md" contains "Review the change line by line."

    Scenario: existing different content in the workspace is refused for that skill, named and kept; the others are copied; --force replaces it
      Given the workspace file "ws/review/SKILL.md" holds "OLD CONTENT"
      When the host runs "materialize ws"
      Then the host sees exit status 1
      And the host's stderr contains "ws/review/SKILL.md"
      And the host's stderr contains "1 could not be copied (review: workspace.exists)"
      And the workspace file "ws/review/SKILL.md" contains "OLD CONTENT"
      And the workspace file "ws/pdf-tools/SKILL.md" contains "Run scripts/fill.py on the form."
      When the host runs "materialize ws --json"
      Then the host's JSON has "left_out.skills.0.name" equal to "review"
      And the host's JSON has "left_out.skills.0.diagnostics.0.code" equal to "workspace.exists"
      When the host runs "materialize ws --force"
      Then the host sees exit status 0
      And the workspace file "ws/review/SKILL.md" contains "Review the change line by line."

    Scenario: an agent's edit to its staged copy is already loaded, not a conflict
      When the host runs "materialize ws review --lazy"
      And the workspace file "ws/review/SKILL.md" holds "my notes on the review"
      And the host runs "load review --into ws --json"
      Then the host sees exit status 0
      And the host's JSON has "staged.status" equal to "already_loaded"
      And the workspace file "ws/review/SKILL.md" contains "my notes on the review"

    Scenario: a workspace inside a skill root is refused before anything is written
      When the host runs "materialize roots/local/ws"
      Then the host sees exit status 2
      And the host's stderr contains "lies inside the skill root"

    Scenario: an unknown name writes nothing
      When the host runs "materialize ws nonexistent"
      Then the host sees exit status 1
      And the workspace "ws" does not exist

    Scenario: the same skill named twice is rejected
      When the host runs "materialize ws review local/review --json"
      Then the host sees exit status 1
      When the host runs "materialize ws review project/review --json"
      Then the host sees exit status 2
      And the host's JSON has "error.code" equal to "path.duplicate"
      And the workspace "ws" does not exist
