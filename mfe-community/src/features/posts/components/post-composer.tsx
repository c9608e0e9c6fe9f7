import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { POST_TYPE_LABELS, canSharePost, type PostType } from '@levelup/contracts';
import { usePostActions } from '../hooks/use-post-actions.ts';

const typeOptions = (Object.keys(POST_TYPE_LABELS) as PostType[]).map((value) => ({
  value,
  label: POST_TYPE_LABELS[value],
}));

/** The post-type selector (default win), the text box and Share. */
export function PostComposer() {
  const { share } = usePostActions();
  const [type, setType] = useState<PostType>('win');
  const [content, setContent] = useState('');
  const submit = () => share.mutate({ content, type }, { onSuccess: () => setContent('') });
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 18 }}>Share with the community</h2>}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSharePost(content, share.isPending)) submit();
        }}
        style={{ display: 'grid', gap: 12 }}
      >
        <Select
          aria-label="Post type"
          value={type}
          onChange={setType}
          options={typeOptions}
          style={{ maxWidth: 220 }}
        />
        <Input.TextArea
          aria-label="Your post"
          placeholder="Share a win, ask for support or cheer someone on..."
          value={content}
          onChange={(event) => setContent(event.target.value)}
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={2000}
        />
        <div>
          <Button
            type="primary"
            htmlType="submit"
            disabled={!canSharePost(content, share.isPending)}
            loading={share.isPending}
          >
            Share
          </Button>
        </div>
      </form>
    </Card>
  );
}
