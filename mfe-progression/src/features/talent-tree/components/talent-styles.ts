// The talent canvas (500 px high): nodes over prerequisite lines; ready nodes pulse unless the
// user prefers reduced motion. Text colours hold AA contrast on both themes.
export const talentTreeCss = `
.lu-talent-scroll{overflow-x:auto;border:1px solid var(--lu-border);border-radius:12px;background:var(--lu-surface)}
.lu-talent-canvas{position:relative;height:500px;margin:0 auto}
.lu-talent-path{position:absolute;top:4px;transform:translateX(-50%);font-weight:700;font-size:13px;text-transform:uppercase;letter-spacing:.04em;white-space:nowrap}
.lu-talent-lines{position:absolute;inset:0;pointer-events:none}
.lu-talent-node{position:absolute;transform:translate(-50%,-28px);width:140px;display:flex;flex-direction:column;align-items:center;gap:4px;background:none;border:0;padding:0;cursor:pointer;font:inherit;color:inherit}
.lu-talent-node:focus-visible{outline:none}
.lu-talent-node:focus-visible .lu-talent-orb{outline:3px solid var(--lu-accent);outline-offset:3px}
.lu-talent-orb{width:56px;height:56px;border-radius:50%;display:flex;align-items:center;justify-content:center;font-size:24px;border:3px solid;box-sizing:border-box;background:var(--lu-surface)}
.lu-talent-label{font-size:13px;line-height:1.2;text-align:center;font-weight:600}
.lu-talent-count{font-size:12px}
.lu-talent-locked .lu-talent-orb{border-style:dashed;border-color:#9ca3af;color:#4b5563}
html[data-theme=dark] .lu-talent-locked .lu-talent-orb{color:#9ca3af;border-color:#6b7280}
.lu-talent-in_progress .lu-talent-orb{border-color:#2563eb;color:#1d4ed8}
html[data-theme=dark] .lu-talent-in_progress .lu-talent-orb{border-color:#60a5fa;color:#93c5fd}
.lu-talent-ready .lu-talent-orb{border-color:#ca8a04;color:#854d0e;background:#fef9c3;animation:lu-talent-pulse 1.6s ease-in-out infinite}
html[data-theme=dark] .lu-talent-ready .lu-talent-orb{background:#422006;color:#fde047}
.lu-talent-unlocked .lu-talent-orb{border-color:#7c3aed;background:#7c3aed;color:#fff}
.lu-talent-keystone .lu-talent-orb{width:64px;height:64px;border-radius:16px}
@keyframes lu-talent-pulse{0%,100%{box-shadow:0 0 0 0 rgba(202,138,4,.55)}50%{box-shadow:0 0 0 10px rgba(202,138,4,0)}}
@media (prefers-reduced-motion: reduce){.lu-talent-ready .lu-talent-orb{animation:none;box-shadow:0 0 0 4px rgba(202,138,4,.45)}}
.lu-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.lu-talent-legend{display:flex;flex-wrap:wrap;gap:16px;list-style:none;padding:0;margin:12px 0 0}
.lu-talent-legend li{display:flex;align-items:center;gap:6px}
.lu-talent-swatch{display:inline-block;width:14px;height:14px;border-radius:50%;border:2px solid}
.lu-talent-recs{list-style:none;padding:0;margin:0;display:grid;gap:8px;grid-template-columns:repeat(auto-fit,minmax(220px,1fr))}
.lu-talent-rec{width:100%;text-align:left;padding:12px;border:1px solid var(--lu-border);border-radius:10px;background:var(--lu-surface);color:inherit;cursor:pointer;font:inherit}
.lu-talent-rec:hover{background:var(--lu-hover)}
.lu-talent-rec:focus-visible{outline:2px solid var(--lu-accent);outline-offset:2px}
`;
