import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, profileFixture, renderWithProviders } from '@levelup/web-kit/testing';
import { ONBOARDING_COMPLETED_KEY } from '../../../lib/onboarding.ts';
import { seriesFixture } from '../../../test/fixtures.ts';
import QuestWizardDialog from './quest-wizard-dialog.tsx';

function renderWizard(onClose = () => {}) {
  return renderWithProviders(<QuestWizardDialog open onClose={onClose} />);
}

/** The server of a routine's creation: it answers with a series of the title sent. */
function mockRoutineCreation() {
  return mockFetch({
    'GET /api/user/profile': { body: profileFixture() },
    'POST /api/quests/recurring': ({ body }) => ({
      status: 201,
      body: seriesFixture({ title: (body as { title: string }).title }),
    }),
  });
}

describe('quest creation wizard', () => {
  it('when weekly is chosen with no day, then Continue is disabled and pressing it says "Select at least one day"; with Monday it creates a weekly series', async () => {
    const { calls } = mockRoutineCreation();
    const user = userEvent.setup({ delay: null });
    renderWizard();
    expect(
      await screen.findByRole('dialog', { name: 'What brings you here today?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Build a routine' }));
    expect(await screen.findByRole('dialog', { name: 'How often?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Certain days of the week/ }));
    expect(await screen.findByRole('dialog', { name: 'Which days?' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(await screen.findByText('Select at least one day')).toBeInTheDocument();
    expect(
      screen.getByText("Please choose which days you'd like this quest to repeat on."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Monday' }));
    expect(screen.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    expect(await screen.findByRole('dialog', { name: 'What time of day?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Morning/ }));
    expect(
      await screen.findByRole('dialog', { name: 'Choose your quest path' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Physical Growth/ }));
    expect(
      await screen.findByRole('dialog', { name: "Let's create your quest!" }),
    ).toBeInTheDocument();

    // Back follows the path taken, and forward again keeps what was chosen.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('dialog', { name: 'Choose your quest path' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Physical Growth/ }));

    const create = await screen.findByRole('button', { name: 'Create Quest' });
    expect(create).toBeDisabled();
    // The step's fields are fetched when first needed.
    await user.type(await screen.findByLabelText('Title'), 'Go');
    expect(
      await screen.findByText('Quest title must be at least 3 characters'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), ' running');
    await user.type(screen.getByLabelText('Description'), 'Thirty minutes around the park');
    expect(screen.queryByText('Due date: none')).not.toBeInTheDocument();
    await user.click(create);
    expect(await screen.findByText('Recurring Quest Created!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Go running',
      recurrenceType: 'weekly',
      weeklyPattern: [1],
      timeOfDay: 'morning',
      growthPath: 'physical_growth',
      category: 'health_fitness',
      xpReward: 25,
    });
    expect(window.localStorage.getItem(ONBOARDING_COMPLETED_KEY)).toBe('true');
  });

  it('when a daily routine is measured per week, then "Per" offers a day or a week, the preview says "a week" and the series is sent with period week', async () => {
    const { calls } = mockRoutineCreation();
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Build a routine' }));
    await user.click(await screen.findByRole('button', { name: /Every day/ }));
    await user.click(await screen.findByRole('button', { name: /Morning/ }));
    await user.click(await screen.findByRole('button', { name: /Physical Growth/ }));
    await user.type(await screen.findByLabelText('Title'), 'Run');
    await user.type(screen.getByLabelText('Description'), 'Around the park, any pace');
    await user.click(screen.getByRole('radio', { name: 'An amount' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Target amount' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'Unit' }), 'km');
    expect(screen.getByText(/At least 100 km a day\./)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Per' }));
    await user.click(await screen.findByTitle('a week'));
    expect(screen.getByText(/At least 100 km a week\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByText('Recurring Quest Created!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Run',
      recurrenceType: 'daily',
      measure: { rule: 'at_least', target: 100, unit: 'km', period: 'week' },
    });
  }, 60_000);

  it("when 'not sure' is chosen, then emotion and templates lead to create with the template filled, and a one-time quest with a due date is posted", async () => {
    const { calls } = mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'POST /api/quests': ({ body }) => ({
        status: 201,
        body: {
          ...(body as object),
          id: 'q9',
          isCompleted: false,
          completionType: 'not_completed',
          completedAt: null,
          createdAt: '2026-11-22T08:00:00.000Z',
          streak: 0,
          seriesId: null,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await user.click(await screen.findByRole('button', { name: "I'm not sure yet" }));
    expect(await screen.findByRole('dialog', { name: 'How are you feeling?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Need to vent' }));
    expect(
      await screen.findByRole('dialog', { name: 'Pick what resonates with you' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Write it out/ }));
    expect(
      await screen.findByRole('dialog', { name: "Let's create your quest!" }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Write it out');
    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(screen.queryByText('Due date: none')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByText('Quest Created!')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Write it out', xpReward: 15, isRecurring: false });
    expect(typeof body.dueDate).toBe('string');
    expect(body.scheduledTime).toBeNull();
  });

  it('when creation fails, then Failed to create quest shows and the dialog stays', async () => {
    mockFetch({
      'GET /api/user/profile': { body: profileFixture() },
      'POST /api/quests': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    const user = userEvent.setup({ delay: null });
    renderWizard();
    await user.click(await screen.findByRole('button', { name: 'Get a simple task done' }));
    await user.type(await screen.findByLabelText('Title'), 'Post the letter');
    await user.type(screen.getByLabelText('Description'), 'Walk to the post box on the corner');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(
      await screen.findByText('Failed to create quest. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: "Let's create your quest!" })).toBeInTheDocument(),
    );
  });
});
