import { describe, expect, it } from 'vitest';
import { wizardIntentSchema } from './intent.ts';
import { WIZARD_INTENTS, WIZARD_SUGGESTIONS } from './suggestions.ts';

describe('wizard suggestions', () => {
  it('when counted per emotion, then stressed, anxious, vent, scattered have 3, 3, 2, 3', () => {
    expect(WIZARD_SUGGESTIONS.stressed).toHaveLength(3);
    expect(WIZARD_SUGGESTIONS.anxious).toHaveLength(3);
    expect(WIZARD_SUGGESTIONS.vent).toHaveLength(2);
    expect(WIZARD_SUGGESTIONS.scattered).toHaveLength(3);
  });

  it('when read, then every suggestion gives 10-20 XP, and exactly one is medium, the rest easy', () => {
    const all = Object.values(WIZARD_SUGGESTIONS).flat();
    for (const t of all) expect(t.xpReward).toBeGreaterThanOrEqual(10);
    for (const t of all) expect(t.xpReward).toBeLessThanOrEqual(20);
    expect(all.filter((t) => t.difficulty === 'medium')).toHaveLength(1);
    expect(all.filter((t) => t.difficulty === 'easy')).toHaveLength(all.length - 1);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
  });

  it('when the intents are listed, then they are exactly the contract enum', () => {
    expect(WIZARD_INTENTS.map((i) => i.value)).toEqual(wizardIntentSchema.options);
  });
});
