// The landing page's own rules: plain HTML and CSS, so the marketing content costs no component code.
export const landingCss = `
.lu-landing{display:grid;gap:40px;padding:32px 0}
.lu-landing-hero{text-align:center;display:grid;gap:16px;justify-items:center}
.lu-landing-badge{display:inline-block;padding:4px 12px;border-radius:999px;font-size:14px;font-weight:600;background:#ede9fe;color:#5b21b6}
html[data-theme=dark] .lu-landing-badge{background:#2e1065;color:#ddd6fe}
.lu-landing-banner{border:1px solid var(--lu-border);border-radius:12px;padding:12px 16px;text-align:center;background:var(--lu-surface)}
.lu-landing-grid{list-style:none;padding:0;margin:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.lu-landing-card{border:1px solid var(--lu-border);border-radius:12px;padding:20px;background:var(--lu-surface);height:100%;box-sizing:border-box}
.lu-landing-stat{font-size:28px;font-weight:800;color:var(--lu-accent);display:block}
.lu-landing-link{background:none;border:0;padding:0;margin-top:12px;color:var(--lu-accent);text-decoration:underline;cursor:pointer;font:inherit}
.lu-demo{margin-top:16px;border:1px solid var(--lu-border);border-radius:12px;padding:16px}
.lu-xp-burst{font-weight:800;color:#15803d;animation:lu-burst 900ms ease-out both}
html[data-theme=dark] .lu-xp-burst{color:#4ade80}
.lu-level-up{margin-top:12px;display:grid;gap:4px;padding:12px;border-radius:12px;background:#fef3c7;color:#78350f;animation:lu-pop 400ms ease-out both}
html[data-theme=dark] .lu-level-up{background:#422006;color:#fde68a}
.lu-dialog{border:1px solid var(--lu-border);border-radius:12px;padding:24px;width:min(520px,calc(100vw - 32px));max-height:calc(100vh - 32px);box-sizing:border-box;background:var(--lu-surface);color:inherit;overflow:auto}
.lu-dialog::backdrop{background:rgba(0,0,0,.45)}
.lu-dialog-title{margin:0 0 8px;font-size:20px}
.lu-dialog-footer{display:flex;justify-content:flex-end;margin-top:16px}
.lu-demo-progress{display:block;width:100%;height:8px;accent-color:var(--lu-accent)}
.lu-btn:disabled{opacity:.6;cursor:not-allowed}
.lu-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@keyframes lu-burst{from{transform:translateY(6px) scale(.8);opacity:0}to{transform:none;opacity:1}}
@keyframes lu-pop{from{transform:scale(.9);opacity:0}to{transform:none;opacity:1}}
@media (prefers-reduced-motion: reduce){.lu-xp-burst,.lu-level-up{animation:none}}
`;
