/**
 * Every public function that takes an options object refuses a key it does
 * not know (`options.invalid`, `details.field` the key), suggesting the
 * closest key it knows: a misspelt option never runs with the default.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sg from '../../../src/index.js';
import { checkOptionKeys, optionKeys, pickOptions, unknownOption } from '../../../src/model/option-keys.js';

const EXAMPLES = join(process.cwd(), 'examples', 'skills');
const roots = ['global', 'project', 'local'].map((scope) =>
  sg.makeRoot({ path: join(EXAMPLES, scope), scope }, process.cwd()),
);
const { catalog } = sg.loadCatalog({ roots });
const pkg = catalog.get('ship-it')!;
const text = '---\nname: pdf\ndescription: Fills PDF forms. Use when a form must be filled.\n---\n# PDF\n';
const bad = <T>(options: T, extra: Record<string, unknown>): T => ({ ...options, ...extra }) as T;

/** [function, a call with one misspelt key, the key, the key it should suggest (or undefined)] */
const CALLS: readonly [string, () => unknown, string, string | undefined][] = [
  ['createEngine', () => sg.createEngine(bad({}, { wokers: 2 })), 'wokers', 'workers'],
  ['loadCatalog', () => sg.loadCatalog(bad({ roots }, { dept: 3 })), 'dept', 'depth'],
  ['loadCatalog seal', () => sg.loadCatalog({ roots, seal: bad({}, { resourceID: 'x' }) }), 'resourceID', 'resourceId'],
  ['discover', () => sg.discover(roots, bad({}, { folowSymlinks: false })), 'folowSymlinks', 'followSymlinks'],
  ['makeRoot', () => sg.makeRoot(bad({ path: 'x' }, { scop: 'global' }), process.cwd()), 'scop', 'scope'],
  [
    'parseSkill',
    () => sg.parseSkill(text, bad({ locator: '/s/pdf/SKILL.md' }, { profil: 'spec' })),
    'profil',
    'profile',
  ],
  [
    'parseSkill limits',
    () => sg.parseSkill(text, { locator: '/s/pdf/SKILL.md', limits: bad({}, { maxDepht: 3 }) }),
    'maxDepht',
    'maxDepth',
  ],
  ['lintSkill', () => sg.lintSkill(pkg, bad({ files: [] }, { profiles: 'spec' })), 'profiles', 'profile'],
  ['buildCatalog', () => sg.buildCatalog([], bad({}, { stric: true })), 'stric', 'strict'],
  [
    'createLock',
    () => sg.createLock(catalog.digest, [], bad({ complete: true }, { invalids: [] })),
    'invalids',
    'invalid',
  ],
  ['resolveCatalog', () => sg.resolveCatalog(catalog, bad({}, { backedn: 'js' })), 'backedn', 'backend'],
  ['resolveSkill', () => sg.resolveSkill(catalog, 'ship-it', bad({}, { backends: 'js' })), 'backends', 'backend'],
  ['renderContext', () => sg.renderContext(catalog, bad({}, { fromat: 'xml' })), 'fromat', 'format'],
  ['findSkill', () => sg.findSkill(catalog, 'ship-it', bad({}, { modelonly: true })), 'modelonly', 'modelOnly'],
  [
    'readForContext',
    () => sg.readForContext(catalog, 'ship-it', sg.LoadedSet.EMPTY, bad({}, { verfy: false })),
    'verfy',
    'verify',
  ],
  [
    'materialize',
    () => sg.materialize(catalog, mkdtempSync(join(tmpdir(), 'sg-keys-')), bad({}, { froce: true })),
    'froce',
    'force',
  ],
  ['validatePath', () => sg.validatePath(EXAMPLES, bad({}, { keeps: 'findings' })), 'keeps', 'keep'],
  ['auditPath', () => sg.auditPath(EXAMPLES, bad({}, { limit: {} })), 'limit', 'limits'],
  ['auditPath limits', () => sg.auditPath(EXAMPLES, { limits: bad({}, { maxFile: 1 }) }), 'maxFile', 'maxFiles'],
  [
    'toSkillError',
    () => sg.toSkillError(new Error('x'), bad({ skillName: 's' }, { toolname: 't' })),
    'toolname',
    'toolName',
  ],
  ['PermissionDeniedError', () => new sg.PermissionDeniedError('x', bad({}, { tool: 't' })), 'tool', undefined],
  [
    'SkillError.create',
    () => sg.SkillError.create(bad({ type: 'cycle_detected', message: 'm', skillName: 's' }, { detail: {} })),
    'detail',
    'details',
  ],
  [
    'SkillMetadata.fromSkill',
    () => sg.SkillMetadata.fromSkill(pkg, [], bad({}, { versoin: '1' })),
    'versoin',
    'version',
  ],
  [
    'SkillDefinition.create',
    () => sg.SkillDefinition.create(bad({ skillName: 's', description: 'd', tools: [] }, { inputschema: {} })),
    'inputschema',
    'inputSchema',
  ],
  [
    'SkillResult.create',
    () => sg.SkillResult.create(bad({ success: true, skillName: 's' }, { durationMS: 1 })),
    'durationMS',
    'durationMs',
  ],
];

describe('unknown option keys at the public functions', () => {
  for (const [name, call, key, suggestion] of CALLS) {
    it(`${name} refuses '${key}'${suggestion ? `, suggesting '${suggestion}'` : ''}`, async () => {
      let thrown: unknown;
      try {
        // An async function (auditPath) refuses through its promise.
        await call();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'options.invalid', details: { field: key } });
      const message = (thrown as Error).message;
      expect(message).toContain(`unknown option '${key}'`);
      if (suggestion) expect(message).toContain(`did you mean '${suggestion}'?`);
    });
  }

  it('serveSkills refuses one before it loads anything', async () => {
    await expect(
      sg.serveSkills(bad({ load: { roots }, log: () => undefined }, { wacth: false })),
    ).rejects.toMatchObject({ code: 'options.invalid', details: { field: 'wacth' } });
  });

  it('the safe constructors return the error instead of throwing it', () => {
    const r = sg.SkillResult.safeCreate(bad({ success: true, skillName: 's' }, { durationMS: 1 }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'options.invalid', details: { field: 'durationMS' } });
  });

  it('known keys with undefined values stay accepted', () => {
    expect(() => sg.createEngine({ workers: undefined, cache: false })).not.toThrow();
    expect(sg.renderContext(catalog, { format: undefined }).text).not.toBe('');
  });
});

describe('optionKeys, checkOptionKeys, pickOptions', () => {
  const KEYS = optionKeys<{ workers?: number; cache?: string }>('f', { workers: true, cache: true });

  it('names the function and lists the keys it knows', () => {
    expect(unknownOption({ cahce: 'x' }, KEYS)).toMatchObject({
      message: "f: unknown option 'cahce'; did you mean 'cache'?",
      details: { field: 'cahce', known: ['cache', 'workers'] },
    });
  });

  it('leaves non-objects to the caller, and ignores inherited keys', () => {
    expect(() => checkOptionKeys(undefined, KEYS)).not.toThrow();
    expect(() => checkOptionKeys(Object.create({ inherited: 1 }) as object, KEYS)).not.toThrow();
  });

  it('picks the listed keys of a larger object', () => {
    expect(pickOptions({ workers: 2, roots: [] }, KEYS)).toEqual({ workers: 2 });
  });
});
