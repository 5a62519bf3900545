/**
 * What mutation testing leaves out on purpose, as named rules with their reasons, so a package's
 * Stryker config says which it applies (`templateStrykerConfig(runner, { rules: ['look'] })`)
 * and the gate (mutation-score.mjs) counts their mutants as excluded, apart from the equivalent
 * mutants a `// Stryker disable` comment marks. A mark claims that no input tells the mutant
 * apart; a rule says a kind of code is not judged by tests at all (how the game looks), which is
 * a different claim and is reported as such.
 *
 * A rule is either `mutators` (every mutant of those mutators, Stryker's
 * `mutator.excludedMutations`) or `ignore` (a Stryker "Ignore" plugin: every mutant inside a
 * syntax node it matches). Stryker gives an ignored mutant the plugin's message as its reason;
 * the message starts with {@link RULE_PREFIX} and the rule's name, which is how the gate knows it.
 *
 * This module is also the plugin Stryker loads (`strykerPlugins`, the shape of
 * `declareValuePlugin(PluginKind.Ignore, …)` from @stryker-mutator/api, written out because
 * this folder cannot resolve that package).
 */

/** How an ignored mutant's reason starts when a rule left it out. */
export const RULE_PREFIX = 'excluded by rule';

/** A colour written as a CSS hex string: '#05070d'. */
const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** three.js's setters of a colour from numbers or a string. */
const COLOUR_SETTERS = new Set(['setHSL', 'setRGB', 'setHex', 'setStyle', 'setColorName']);

/** A `new X(...)` whose class name ends in Material (three.js's materials). */
function isMaterial(node) {
  return (
    node.type === 'NewExpression' &&
    node.callee.type === 'Identifier' &&
    node.callee.name.endsWith('Material')
  );
}

/** A call `something.setHSL(...)` and the other colour setters. */
function isColourSetter(node) {
  const callee = node.type === 'CallExpression' ? node.callee : undefined;
  return (
    callee?.type === 'MemberExpression' &&
    callee.property.type === 'Identifier' &&
    COLOUR_SETTERS.has(callee.property.name)
  );
}

/**
 * The rules. `name` is what a config lists and the gate prints; `reason` says why the code is
 * not judged by a test and where it is judged instead.
 *
 * @type {readonly { name: string, reason: string, mutators?: string[],
 *   ignore?: (node: any) => boolean }[]}
 */
export const EXCLUSION_RULES = [
  {
    name: 'look',
    reason:
      "colours (hex strings: backgrounds, fog, lights, grids) and materials (new *Material(…)) are the look, judged by eye in the gallery's pages, not by a test",
    ignore: (node) =>
      (node.type === 'StringLiteral' && HEX_COLOUR.test(node.value)) || isMaterial(node),
  },
  {
    // Apart from 'look': a template whose tests do check its hues (three's scene.test.ts)
    // applies 'look' alone and keeps those mutants.
    name: 'hues',
    reason:
      "colours computed for the look (color.setHSL(…) and the other setters' arguments), judged by eye, not by a test",
    ignore: isColourSetter,
  },
  {
    name: 'banner',
    reason:
      "a server's greeting banner on the console (Colyseus's greet option), which nothing reads",
    ignore: (node) =>
      node.type === 'ObjectProperty' &&
      node.key.type === 'Identifier' &&
      node.key.name === 'greet' &&
      node.value.type === 'BooleanLiteral',
  },
  {
    name: 'prose',
    reason:
      'strings are prose for the reader (labels, notes, captions); the strings that steer behaviour are held by tests against tables of their own',
    mutators: ['StringLiteral'],
  },
];

/** The rule of that name; throws naming the rule and the ones there are. */
export function ruleNamed(name) {
  const rule = EXCLUSION_RULES.find((r) => r.name === name);
  if (!rule) {
    const names = EXCLUSION_RULES.map((r) => r.name).join(', ');
    throw new RangeError(`mutation rule "${name}" does not exist (there are: ${names})`);
  }
  return rule;
}

/** The reason Stryker records for a mutant a rule left out: `excluded by rule "look": …`. */
export function ruleMessage(rule) {
  return `${RULE_PREFIX} "${rule.name}": ${rule.reason}`;
}

/**
 * The rule that left a mutant out, from Stryker's reason for it: an ignorer's message, or
 * Stryker's own `Ignored because of excluded mutation "X"` for a rule of mutators. Undefined for
 * any other reason (a `// Stryker disable` comment's).
 */
export function ruleOf(statusReason, mutatorName) {
  const reason = statusReason ?? '';
  if (reason.startsWith(`${RULE_PREFIX} "`)) {
    const name = reason.slice(RULE_PREFIX.length + 2).split('"')[0];
    return EXCLUSION_RULES.find((r) => r.name === name);
  }
  if (reason.startsWith('Ignored because of excluded mutation')) {
    return (
      EXCLUSION_RULES.find((r) => r.mutators?.includes(mutatorName)) ?? {
        name: `excludedMutations ${mutatorName}`,
        reason: 'listed in stryker.config.mjs without a rule',
      }
    );
  }
  return undefined;
}

/** Stryker's plugins: one "Ignore" plugin per rule that matches syntax nodes. */
export const strykerPlugins = EXCLUSION_RULES.filter((rule) => rule.ignore).map((rule) => ({
  kind: 'Ignore',
  name: rule.name,
  value: {
    shouldIgnore: (path) => (rule.ignore(path.node) ? ruleMessage(rule) : undefined),
  },
}));
