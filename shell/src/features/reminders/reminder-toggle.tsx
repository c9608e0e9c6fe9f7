import Switch from 'antd/es/switch';

/** The settings' row layout: controls side by side, wrapping on a phone. */
export const row = { display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' } as const;

/** A switch with its visible label. */
export function Toggle(props: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div style={row}>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}
