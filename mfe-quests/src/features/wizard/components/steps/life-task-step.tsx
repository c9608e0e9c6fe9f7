/**
 * No wizard choice leads into this step, which only points the way: life tasks are added from the
 * dashboard's Life Tasks card.
 */
export function LifeTaskStep() {
  return <p>Life tasks are added from the Life Tasks card on your dashboard.</p>;
}
