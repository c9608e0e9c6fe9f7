// The planner's own rules (plain CSS, like the landing page): journey stars, planet glow, particles.
// Colours hold AA contrast on both themes' surfaces; motion stops under prefers-reduced-motion.
export const goalPlannerCss = `
.lu-goal-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,420px),1fr));align-items:start}
.lu-goal-tile{display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:10px;font-size:20px;flex:none}
.lu-goal-head{display:flex;gap:12px;align-items:center}
.lu-goal-head h3{margin:0;font-size:16px;line-height:1.3;overflow-wrap:anywhere}
.lu-goal-facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:12px 0}
.lu-goal-facts dt{font-weight:600}
.lu-goal-facts dd{margin:0}
.lu-goal-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.lu-goal-forecast{margin:4px 0 0;font-weight:600}
.lu-goal-stat-note{margin:4px 0 0;font-size:13px}
.lu-template-list{list-style:none;padding:0;margin:0;display:grid;gap:8px}
.lu-template{display:block;width:100%;text-align:left;padding:12px;border:1px solid var(--lu-border);border-radius:10px;background:var(--lu-surface);color:inherit;cursor:pointer;font:inherit}
.lu-template:hover{background:var(--lu-hover)}
.lu-template:focus-visible,.lu-star:focus-visible{outline:2px solid var(--lu-accent);outline-offset:2px}
.lu-journey{position:relative;width:400px;max-width:100%;border:1px solid var(--lu-border);border-radius:12px;padding:16px;box-sizing:border-box;margin:8px 0}
.lu-planet-wrap{position:relative;display:flex;justify-content:center;margin-bottom:12px}
.lu-planet{width:64px;height:64px;border-radius:50%;background:radial-gradient(circle at 35% 35%,#a78bfa,#5b21b6);transition:box-shadow .4s}
.lu-planet-icon{position:absolute;top:-14px;color:#b45309;font-size:18px}
html[data-theme=dark] .lu-planet-icon{color:#facc15}
.lu-stars{list-style:none;margin:0;padding:0}
.lu-star-row{display:flex;align-items:center;gap:12px;height:80px;border-left:2px dashed var(--lu-border);margin-left:19px;padding-left:0}
.lu-star-row > *:first-child{margin-left:-20px}
.lu-star{position:relative;width:40px;height:40px;border-radius:50%;border:0;background:var(--lu-surface);display:inline-flex;align-items:center;justify-content:center;font-size:24px;cursor:pointer;padding:0;flex:none}
.lu-star-done{color:#a16207}
html[data-theme=dark] .lu-star-done{color:#facc15}
.lu-star-open{color:#6b7280}
html[data-theme=dark] .lu-star-open{color:#9ca3af}
.lu-particle{position:absolute;left:50%;top:50%;width:6px;height:6px;margin:-3px;border-radius:50%;background:#eab308;pointer-events:none;animation:lu-rise 700ms ease-out forwards}
@keyframes lu-rise{from{transform:translate(0,0);opacity:1}to{transform:translate(var(--dx),var(--dy));opacity:0}}
.lu-journey-caption{margin:8px 0 0;text-align:center}
@media (prefers-reduced-motion: reduce){.lu-particle{animation:none;opacity:0}.lu-planet{transition:none}}
`;
