import type { CSSProperties } from 'react';

/** The browser's own date and time inputs, dressed to sit beside antd controls in either theme. */
export function nativeInputStyle(padding: string): CSSProperties {
  return {
    font: 'inherit',
    padding,
    borderRadius: 6,
    border: '1px solid rgba(128,128,128,0.4)',
    background: 'transparent',
    color: 'inherit',
  };
}
