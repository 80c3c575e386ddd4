Feature: Agent context
  An agent host puts a short listing of the available skills in its prompt:
  each skill's name, what it is for, where its SKILL.md is and its digest —
  never the instructions themselves. The listing comes as a Markdown "Skills"
  section, as the <available_skills> XML block, or as JSON, and can be fitted
  into a size budget that always says what it cut.

  Background:
    Given the local skill root holds "pdf-tools" described as "Fill PDF forms. Use when a PDF is mentioned."
    And the project skill root holds "code-review" described as "Review a change. Use when asked for a review."
    And the global skill root holds "code-review" described as "Generic review. Use when asked for a review."
    And the project skill root holds "ops-secrets" with frontmatter:
      """
      name: ops-secrets
      description: Rotate credentials. Use only when the operator runs it.
      disable-model-invocation: true
      """

  Rule: the Markdown listing shows descriptors only

    Scenario: every model-visible skill is listed with its file and digest
      When the host runs "context"
      Then the host sees exit status 0
      And the host's stdout contains "## Skills"
      And the host's stdout lists the skills in this order: "code-review, pdf-tools"
      And the host's stdout contains "- pdf-tools: Fill PDF forms. Use when a PDF is mentioned. (file: "
      And the host's stdout contains "/roots/local/pdf-tools/SKILL.md; digest: sha256:"
      And the host's stdout does not contain "INSTRUCTIONS-OF-"

    Scenario: a skill hidden from the model is left out entirely
      When the host runs "context"
      Then the host's stdout does not contain "ops-secrets"
      And the host's stderr contains "1 hidden from the model"

    Scenario: shadowed copies are listed after the skills
      When the host runs "context"
      Then the host's stdout contains "### Shadowed copies"
      And the host's stdout contains "- code-review: using "
      And the host's stdout contains "/roots/global/code-review/SKILL.md"

    Scenario: a folded YAML description reads as text
      Given the local skill root holds "folded" with frontmatter:
        """
        name: folded
        description: >-
          Summarise long threads
          into three bullets. Use when a thread is long.
        """
      When the host runs "context"
      Then the host's stdout contains "- folded: Summarise long threads into three bullets. Use when a thread is long. (file: "
      And the host's stdout does not contain ">-"

    Scenario: lazy mode points at the workspace and explains load_skill
      When the host runs "context --lazy --into .agents/skills"
      Then the host sees exit status 0
      And the host's stdout contains "(file: .agents/skills/pdf-tools/SKILL.md; digest: sha256:"
      And the host's stdout contains "the workspace path its `SKILL.md` will have once loaded"
      And the host's stdout contains "### Loading a skill"
      And the host's stdout contains "`load_skill`"

    Scenario: lazy mode without a workspace lists where the skills are kept, and says so
      When the host runs "context --lazy"
      Then the host sees exit status 0
      And the host's stdout contains "/roots/local/pdf-tools/SKILL.md; digest: sha256:"
      And the host's stdout contains "the path where its `SKILL.md` is kept"
      And the host's stdout does not contain "workspace path"

  Rule: the XML block has the reference shape with every field escaped

    Scenario: one tag per line, location included
      When the host runs "context --format xml"
      Then the host sees exit status 0
      And the host's stdout contains:
        """
        <skill>
        <name>
        pdf-tools
        </name>
        <description>
        Fill PDF forms. Use when a PDF is mentioned.
        </description>
        <location>
        """
      And the host's stdout does not contain "## Skills"

    Scenario: markup in a description cannot break the block
      Given the local skill root holds "tricky" described as "Compare <a> & <b> with \"quotes\" and 'apostrophes'. Use when asked."
      When the host runs "context --format xml"
      Then the host's stdout contains "Compare &lt;a&gt; &amp; &lt;b&gt; with &quot;quotes&quot; and &#x27;apostrophes&#x27;. Use when asked."

  Rule: an empty catalog renders nothing

    Scenario: a root without skills gives empty output in every text format
      Given the folder "empty" exists
      When the host runs "context --root empty:local" alone
      Then the host sees exit status 0
      And the host's stdout is empty
      When the host runs "context --format xml --root empty:local" alone
      Then the host's stdout is empty

    Scenario: a root whose only skill is hidden from the model gives empty output
      Given the vendor skill root holds "quiet" with frontmatter:
        """
        name: quiet
        description: Runs only when a person asks for it.
        disable-model-invocation: true
        """
      When the host runs "context --format xml --root roots/vendor:vendor:5" alone
      Then the host sees exit status 0
      And the host's stdout is empty

  Rule: a budget counts the whole block the model receives, shortens descriptions first, then omits, and says so
    The budget holds the whole printed block: heading, guidance, notes and
    rows, counted in UTF-8 bytes. In lazy mode with --into the rows show
    "ws/<name>/SKILL.md"; the whole block is about 2,600 bytes, some 1,750 of
    them heading and guidance (the shadowed-copy note names temp paths).

    Background:
      Given the local skill root holds "long-notes" described as "Keep long meeting notes in order. Use when notes pile up. Sort them by date, merge duplicates, pull out decisions and owners, flag open questions, link related threads, keep a running index of topics, and write a short summary at the top so that anyone joining late can catch up in a minute or two without reading it all."

    Scenario: a budget under the total shortens the long description and omits nothing
      When the host runs "context --lazy --into ws --budget 2500 --json"
      Then the host sees exit status 0
      And the host's JSON has "budget.before" over 2500
      And the host's JSON has "budget.after" at most 2500
      And the host's JSON has "budget.shortened" equal to "[\"long-notes\"]"
      And the host's JSON has "budget.omitted" equal to "[]"

    Scenario: a smaller budget omits the lowest-priority skill, says how many and how to find it
      When the host runs "context --lazy --into ws --budget 2300"
      Then the host sees exit status 0
      And the host's stdout is at most 2300 bytes
      And the host's stdout contains "Budget 2300 chars: 1 description shortened (long-notes); 1 skill omitted (code-review). Every skill is still available: `skillgraph describe NAME` shows one and `skillgraph load NAME` loads it."
      And the host's stdout lists the skills in this order: "long-notes, pdf-tools"

    Scenario: a token budget counts o200k tokens
      When the host runs "context --lazy --into ws --budget 600t --json"
      Then the host's JSON has "budget.amount" equal to "600"
      And the host's JSON has "budget.unit" equal to "tokens"
      And the host's JSON has "budget.after" at most 600

    Scenario: --json lists every omitted skill
      When the host runs "context --lazy --into ws --budget 2100 --json"
      Then the host's JSON has "budget.omitted" equal to "[\"code-review\",\"pdf-tools\"]"
      And the host's JSON has 1 item in "skills"

    Scenario: a budget the guidance alone overflows is refused, not overrun
      When the host runs "context --budget 100t"
      Then the host sees exit status 2
      And the host's stdout is empty
      And the host's stderr contains "--budget 100 tokens cannot hold the context: its heading and guidance alone take"

    Scenario: a budget that is not a number is a usage error
      When the host runs "context --budget lots"
      Then the host sees exit status 2
      And the host's stderr contains "--budget"

  Rule: paths can be relative or skill:// URIs, and digests can be left out

    Scenario: relative paths
      When the host runs "context --paths relative"
      Then the host sees exit status 0
      And the host's stdout contains "(file: roots/local/pdf-tools/SKILL.md; digest: sha256:"

    Scenario: URIs without digests
      When the host runs "context --paths uri --no-digests"
      Then the host sees exit status 0
      And the host's stdout contains "- pdf-tools: Fill PDF forms. Use when a PDF is mentioned. (file: skill://pdf-tools/SKILL.md)"
      And the host's stdout does not contain "digest"

  Rule: JSON carries the listing, the tool and the text

    Scenario: --format json in lazy mode
      When the host runs "context --format json --lazy"
      Then the host sees exit status 0
      And the host's JSON has "schemaVersion" equal to "2"
      And the host's JSON has "mode" equal to "lazy"
      And the host's JSON has 2 items in "skills"
      And the host's JSON has "tool.name" equal to "load_skill"
      And the host's JSON has "tool.parameters.properties.skill_name.enum" equal to "[\"code-review\",\"pdf-tools\"]"
