import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { CardItem, ManageAction } from './card-item.ts';
import { useQuestEditing } from '../hooks/use-quest-editing.ts';

// The edit and delete dialogs are fetched on first use.
const QuestEditDialogs = lazy(() => import('./quest-edit-dialogs.tsx'));

export interface ManageTarget {
  action: 'edit' | 'delete' | 'edit-series' | 'delete-series';
  /** The quest's id, or the series' id for the series actions. */
  id: string;
  title: string;
}

type Manage = (item: CardItem, action: ManageAction) => void;

const ManageContext = createContext<Manage | null>(null);

/** The card's manage handler, when the page has a quest manager. */
export function useManage(): Manage | null {
  return useContext(ManageContext);
}

/**
 * Edit, delete, skip, pause and resume for every card below it: the dialogs (edit reuses the create
 * form; delete asks first and says what happens to earned XP), and the direct calls with their toasts.
 */
export function QuestManager({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ManageTarget | null>(null);
  const [used, setUsed] = useState(false);
  const { skip, pause } = useQuestEditing();
  const skipMutate = skip.mutate;
  const pauseMutate = pause.mutate;

  const manage = useCallback<Manage>(
    (item, action) => {
      const seriesId = item.seriesId ?? null;
      switch (action) {
        case 'skip':
          skipMutate(item.id);
          return;
        case 'pause':
        case 'resume':
          if (seriesId) pauseMutate({ id: seriesId, paused: action === 'pause' });
          return;
        case 'edit-series':
        case 'delete-series':
          if (!seriesId) return;
          setUsed(true);
          setTarget({ action, id: seriesId, title: item.title });
          return;
        default:
          setUsed(true);
          setTarget({ action, id: item.id, title: item.title });
      }
    },
    [skipMutate, pauseMutate],
  );
  const value = useMemo(() => manage, [manage]);

  return (
    <ManageContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <QuestEditDialogs target={target} onClose={() => setTarget(null)} />
        </Suspense>
      )}
    </ManageContext.Provider>
  );
}
