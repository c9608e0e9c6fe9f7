import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import {
  GROWTH_PATH_LABELS,
  talentRequirementText,
  type TalentNode,
  type TalentNodeState,
} from '@levelup/contracts';
import { STATE_LABELS } from './talent-canvas.tsx';

/**
 * A node's details: title, path name, tier, a Keystone badge, description, Effects,
 * Requirements and the unlock message. Escape, a backdrop click and the close button close it.
 */
export function TalentDetailModal({
  node,
  state,
  onClose,
}: {
  node: TalentNode | null;
  state: TalentNodeState | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title={node?.title}
      open={node !== null}
      onCancel={onClose}
      footer={null}
      keyboard
      mask={{ closable: true }}
      destroyOnHidden
    >
      {node && (
        <>
          <p style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 0 }}>
            <span>{GROWTH_PATH_LABELS[node.path]}</span>
            <span aria-hidden="true">·</span>
            <span>Tier {node.tier}</span>
            {node.isKeystone && <Tag>Keystone</Tag>}
            {state && <Tag>{STATE_LABELS[state]}</Tag>}
          </p>
          <p>{node.description}</p>
          <h3 style={{ fontSize: 16, marginBottom: 4 }}>Effects</h3>
          <ul style={{ marginTop: 0 }}>
            {node.effects.map((effect, i) => (
              <li key={i}>
                {effect.name ?? effect.description ?? effect.type}
                {effect.name && effect.description ? ` - ${effect.description}` : ''}
              </li>
            ))}
          </ul>
          <h3 style={{ fontSize: 16, marginBottom: 4 }}>Requirements</h3>
          <p style={{ marginTop: 0 }}>{talentRequirementText(node)}</p>
          <blockquote style={{ margin: 0, fontStyle: 'italic' }}>{node.unlockMessage}</blockquote>
        </>
      )}
    </Modal>
  );
}
