import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TalentNode, TalentProgress } from '@levelup/contracts';
import { mockFetch, renderWithProviders } from '@levelup/web-kit/testing';
import ProgressionRoutes from '../../../routes.tsx';

function node(overrides: Partial<TalentNode> & Pick<TalentNode, 'nodeKey' | 'title'>): TalentNode {
  return {
    description: `${overrides.title} description`,
    path: 'inner_growth',
    tier: 1,
    icon: 'brain',
    position: { x: 150, y: 60 },
    completionsRequired: 3,
    isKeystone: false,
    isBranch: false,
    prerequisites: [],
    effects: [{ name: 'Calm focus', description: '+5% focus', type: 'passive' }],
    unlockMessage: 'You found your centre.',
    ...overrides,
  };
}

const tree: TalentNode[] = [
  node({ nodeKey: 'root', title: 'Mindful Start' }),
  node({
    nodeKey: 'a2',
    title: 'Deep Focus',
    tier: 2,
    isBranch: true,
    completionsRequired: 8,
    prerequisites: ['root'],
    position: { x: 75, y: 175 },
  }),
  node({
    nodeKey: 'b2',
    title: 'Open Heart',
    tier: 2,
    isBranch: true,
    completionsRequired: 8,
    prerequisites: ['root'],
    position: { x: 225, y: 175 },
  }),
  node({
    nodeKey: 'key',
    title: 'Inner Sage',
    tier: 4,
    isKeystone: true,
    completionsRequired: 30,
    prerequisites: ['a2', 'b2'],
    position: { x: 150, y: 420 },
  }),
  node({
    nodeKey: 'body',
    title: 'First Steps',
    path: 'physical_growth',
    position: { x: 450, y: 60 },
  }),
];

const progress = (inner: number, physical: number, unlocked: string[]): TalentProgress[] =>
  tree.map((n) => ({
    nodeKey: n.nodeKey,
    currentCompletions: n.path === 'inner_growth' ? inner : physical,
    isUnlocked: unlocked.includes(n.nodeKey),
    unlockedAt: null,
  }));

function renderPage() {
  return renderWithProviders(<ProgressionRoutes />, { route: '/talent-tree' });
}

const nodeButton = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`^${title}\\s*:`) });

describe('talent tree page', () => {
  it('when the tree loads, then each node shows one of the four states and lines join prerequisites', async () => {
    mockFetch({
      'GET /api/talent-tree': { body: tree },
      'GET /api/talent-tree/user/progress': { body: progress(8, 1, ['root']) },
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'TALENT TREE' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading talent tree...');
    await screen.findByRole('list', { name: 'Talent nodes' });
    expect(nodeButton('Mindful Start')).toHaveAttribute('data-state', 'unlocked');
    expect(nodeButton('Deep Focus')).toHaveAttribute('data-state', 'ready');
    expect(nodeButton('Deep Focus')).toHaveAccessibleName(
      /^Deep Focus\s*: Ready to unlock,\s*8\/8 quests$/,
    );
    expect(nodeButton('Inner Sage')).toHaveAttribute('data-state', 'locked');
    expect(nodeButton('First Steps')).toHaveAttribute('data-state', 'in_progress');
    expect(nodeButton('First Steps')).toHaveAccessibleName(
      /^First Steps\s*: In progress,\s*1\/3 quests$/,
    );
    // root -> a2, root -> b2, a2 -> key, b2 -> key
    expect(document.querySelectorAll('.lu-talent-lines line')).toHaveLength(4);
    expect(document.querySelector('.lu-talent-canvas')).toHaveStyle({ height: '500px' });
  });

  it('when recommending, then up to three available nodes show, highest priority first', async () => {
    mockFetch({
      'GET /api/talent-tree': { body: tree },
      // a2 and b2 ready (100 + 5 each for the keystone), First Steps 1 of 3 (40 + 33).
      'GET /api/talent-tree/user/progress': { body: progress(8, 1, ['root']) },
    });
    renderPage();
    const recs = await screen.findByRole('region', { name: 'Recommended Next Steps' });
    const items = within(recs).getAllByRole('button');
    expect(items.map((b) => b.querySelector('strong')?.textContent)).toEqual([
      'Deep Focus',
      'Open Heart',
      'First Steps',
    ]);
  });

  it('when Check for Unlocks is pressed, then it reads Checking... and toasts New Talent Unlocked! with the titles', async () => {
    let release: () => void = () => {};
    let unlocked: string[] = ['root'];
    const { calls } = mockFetch({
      'GET /api/talent-tree': { body: tree },
      'GET /api/talent-tree/user/progress': () => ({ body: progress(8, 1, unlocked) }),
      'POST /api/talent-tree/user/check-unlocks': () =>
        new Promise((resolve) => {
          release = () => {
            unlocked = ['root', 'a2', 'b2'];
            resolve({
              body: {
                newlyUnlocked: [
                  { nodeKey: 'a2', title: 'Deep Focus' },
                  { nodeKey: 'b2', title: 'Open Heart' },
                ],
              },
            });
          };
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('list', { name: 'Talent nodes' });
    await user.click(screen.getByRole('button', { name: 'Check for Unlocks' }));
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled();
    release();
    expect(await screen.findByText('New Talent Unlocked!')).toBeInTheDocument();
    expect(screen.getByText('Deep Focus, Open Heart')).toBeInTheDocument();
    await waitFor(() => expect(nodeButton('Deep Focus')).toHaveAttribute('data-state', 'unlocked'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('when the check fails, then the destructive toast says so', async () => {
    mockFetch({
      'GET /api/talent-tree': { body: tree },
      'GET /api/talent-tree/user/progress': { body: progress(0, 0, []) },
      'POST /api/talent-tree/user/check-unlocks': {
        status: 500,
        body: { error: { code: 'internal', message: 'Boom' } },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('list', { name: 'Talent nodes' });
    await user.click(screen.getByRole('button', { name: 'Check for Unlocks' }));
    expect(await screen.findByText('Failed to check for talent unlocks')).toBeInTheDocument();
  });

  it('when a ready node is clicked, then it checks for unlocks', async () => {
    const { calls } = mockFetch({
      'GET /api/talent-tree': { body: tree },
      'GET /api/talent-tree/user/progress': { body: progress(8, 0, ['root']) },
      'POST /api/talent-tree/user/check-unlocks': { body: { newlyUnlocked: [] } },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('list', { name: 'Talent nodes' });
    await user.click(nodeButton('Deep Focus'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a node is opened, then the modal shows its details and closes on Escape, the close button and the backdrop', async () => {
    mockFetch({
      'GET /api/talent-tree': { body: tree },
      'GET /api/talent-tree/user/progress': { body: progress(8, 0, ['root']) },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('list', { name: 'Talent nodes' });
    await user.click(nodeButton('Inner Sage'));
    let dialog = await screen.findByRole('dialog', { name: 'Inner Sage' });
    expect(within(dialog).getByText('Inner Growth')).toBeInTheDocument();
    expect(within(dialog).getByText('Tier 4')).toBeInTheDocument();
    expect(within(dialog).getByText('Keystone')).toBeInTheDocument();
    expect(within(dialog).getByText('Inner Sage description')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Effects' })).toBeInTheDocument();
    expect(within(dialog).getByText('Calm focus - +5% focus')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Complete 30 quest(s) in the Inner Growth path'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('You found your centre.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(nodeButton('Mindful Start'));
    dialog = await screen.findByRole('dialog', { name: 'Mindful Start' });
    expect(within(dialog).queryByText('Keystone')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(nodeButton('First Steps'));
    await screen.findByRole('dialog', { name: 'First Steps' });
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when the tree fails to load, then it says so with Retry', async () => {
    mockFetch({
      'GET /api/talent-tree': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
      'GET /api/talent-tree/user/progress': { body: [] },
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the talent tree');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
