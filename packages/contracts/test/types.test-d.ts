import { describe, expectTypeOf, it } from 'vitest';
import type {
  CompletionType,
  CreateQuestRequest,
  CreateQuestRequestInput,
  DomainEvent,
  EventType,
  Quest,
  QuestCategory,
  QuestWizardState,
  QuestXpEvent,
  UserProfile,
} from '@levelup/contracts';
import { levelProgress, makeEvent, questWizardReducer } from '@levelup/contracts';

describe('inferred types', () => {
  it('when a quest is read, then dates are ISO strings or null and category is the enum or null', () => {
    expectTypeOf<Quest['dueDate']>().toEqualTypeOf<string | null>();
    expectTypeOf<Quest['category']>().toEqualTypeOf<QuestCategory | null>();
    expectTypeOf<Quest['completionType']>().toEqualTypeOf<CompletionType>();
  });

  it('when a create-quest request is parsed, then dates are Date | null and xpReward is always a number', () => {
    expectTypeOf<CreateQuestRequest['dueDate']>().toEqualTypeOf<Date | null>();
    expectTypeOf<CreateQuestRequest['xpReward']>().toEqualTypeOf<number>();
    expectTypeOf<CreateQuestRequestInput['dueDate']>().toEqualTypeOf<
      string | Date | null | undefined
    >();
    expectTypeOf<CreateQuestRequestInput>().toHaveProperty('title');
  });

  it('when a profile is read, then the level fields are numbers and userNumber may be null', () => {
    expectTypeOf<UserProfile['userNumber']>().toEqualTypeOf<number | null>();
    expectTypeOf<UserProfile['xpToNextLevel']>().toEqualTypeOf<number>();
    expectTypeOf(levelProgress).returns.toEqualTypeOf<{
      level: number;
      xpIntoLevel: number;
      xpToNextLevel: number;
      percent: number;
    }>();
  });

  it('when an event is made, then its data is typed by its type', () => {
    expectTypeOf(makeEvent<'identity.user_renamed'>)
      .parameter(1)
      .toEqualTypeOf<{
        userId: string;
        username: string;
        displayName: string;
        timeZone?: string | undefined;
      }>();
    expectTypeOf<QuestXpEvent['type']>().toEqualTypeOf<
      'quests.completed' | 'quests.partial' | 'quests.revoked'
    >();
    expectTypeOf<DomainEvent<'goals.completed'>['type']>().toEqualTypeOf<'goals.completed'>();
    expectTypeOf<'quests.completed'>().toExtend<EventType>();
    // @ts-expect-error an unknown event type is refused
    makeEvent('quests.exploded', {});
  });

  it('when the wizard reduces, then it returns its state', () => {
    expectTypeOf(questWizardReducer).returns.toEqualTypeOf<QuestWizardState>();
  });
});
