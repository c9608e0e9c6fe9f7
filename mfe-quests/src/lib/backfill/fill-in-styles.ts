/** The look of a back-fill list and its rows, the same in the calendar and on a habit's page. */
export const FILL_IN_ROW = {
  display: 'flex',
  gap: 8,
  alignItems: 'center',
  flexWrap: 'wrap',
} as const;

export const FILL_IN_LIST = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: 8,
} as const;

export const FILL_IN_ITEM = {
  padding: 8,
  borderRadius: 8,
  border: '1px solid rgba(128, 128, 128, 0.25)',
} as const;
