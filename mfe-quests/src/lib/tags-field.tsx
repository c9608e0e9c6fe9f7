import Form from 'antd/es/form';
import Select from 'antd/es/select';
import { QUEST_TAGS_MAX, normaliseTags, questTagsSchema } from '@levelup/contracts';

/** The contract's limits on tags, said under the field (no tags at all is fine). */
const tagsRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const result = questTagsSchema.safeParse(value ?? []);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid tags');
  },
};

/**
 * The tags of a quest or a habit to break in its create and edit forms: type a word and Enter (or a
 * comma) to add it. `hint` says under the field what they are for.
 */
export function TagsField({
  hint = `Words to find the quest by in the Quest Log, up to ${QUEST_TAGS_MAX}.`,
}: {
  hint?: string;
}) {
  return (
    <Form.Item
      label="Tags"
      name="tags"
      normalize={normaliseTags}
      rules={[tagsRule]}
      extra={hint}
      style={{ gridColumn: '1 / -1' }}
    >
      <Select
        mode="tags"
        aria-label="Tags"
        placeholder="e.g. home, reading"
        tokenSeparators={[',']}
        open={false}
        suffixIcon={null}
      />
    </Form.Item>
  );
}
