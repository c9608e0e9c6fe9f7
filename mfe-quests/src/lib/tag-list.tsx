import Tag from 'antd/es/tag';

/** An item's tags as a list of small labels; nothing when it has none. */
export function TagList({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul
      aria-label="Tags"
      style={{ display: 'flex', gap: 4, flexWrap: 'wrap', margin: '0 0 8px', padding: 0 }}
    >
      {tags.map((tag) => (
        <li key={tag} style={{ listStyle: 'none' }}>
          <Tag style={{ marginInlineEnd: 0 }}>{tag}</Tag>
        </li>
      ))}
    </ul>
  );
}
