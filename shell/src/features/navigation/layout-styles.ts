// The shell's few layout rules (responsive navigation, visible focus, the accent colour per theme, since
// the brand purple is too dark for text on a dark background, and the link buttons of the server-written
// pages, which have no antd); antd styles everything else. The scrollbar's gutter is kept, so the centred
// page does not move sideways when the dashboard grows taller than the window (layout shift).
// The floating Beta Feedback tab sits at mid-height on the right edge; on a phone it would cover the
// cards' right-hand figures there, so it shrinks and moves down to the bottom corner.
// The desktop links need about 1220 px with the signed-in profile link; below 1240 px the menu takes over.
// antd's show/hide password toggle is as small as its 14 px eye: it gets a 24 x 24 px target, the least
// a pointer target may be.
export const layoutCss = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
.lu-header{display:flex;align-items:center;gap:16px;padding:0 24px;min-height:64px;border-bottom:1px solid var(--lu-border);background:var(--lu-surface);position:sticky;top:0;z-index:100}
.lu-brand{font-weight:800;font-size:20px;color:var(--lu-accent);text-decoration:none;white-space:nowrap}
.lu-nav-list{display:flex;gap:4px;list-style:none;margin:0;padding:0;white-space:nowrap}
.lu-nav-link{display:block;padding:8px 10px;border-radius:8px;color:inherit;text-decoration:none}
.lu-nav-link:hover{background:var(--lu-hover)}
.lu-nav-link.active{color:var(--lu-accent);font-weight:600}
.lu-nav-desktop .lu-nav-profile{max-width:18ch;overflow:hidden;text-overflow:ellipsis}
.lu-header-actions{margin-left:auto;display:flex;align-items:center;gap:8px}
.lu-header-placeholder{margin-left:16px;flex:1}
.lu-nav-mobile-trigger{display:none !important}
.ant-drawer .lu-nav-list{flex-direction:column;margin-bottom:16px}
.lu-btn{display:inline-flex;align-items:center;justify-content:center;height:40px;padding:0 16px;border-radius:8px;font-size:16px;line-height:1;text-decoration:none;border:1px solid var(--lu-border);background:var(--lu-surface);color:inherit;cursor:pointer;box-sizing:border-box}
.lu-btn:hover{border-color:var(--lu-accent);color:var(--lu-accent)}
.lu-btn-primary{background:#6d28d9;border-color:#6d28d9;color:#fff}
.lu-btn-primary:hover{background:#5b21b6;border-color:#5b21b6;color:#fff}
.lu-skip-link{position:absolute;left:-9999px;top:8px;z-index:200;padding:8px 12px;background:#7c3aed;color:#fff;border-radius:8px}.lu-skip-link:focus{left:8px}
html{scrollbar-gutter:stable}
.lu-main{max-width:1200px;margin:0 auto;padding:24px 16px}
:focus-visible{outline:3px solid var(--lu-accent) !important;outline-offset:2px}
.ant-input-password-icon{display:inline-flex !important;align-items:center;justify-content:center;min-width:24px;min-height:24px}
html[data-theme=light]{--lu-accent:#7c3aed;--lu-border:#e5e7eb;--lu-surface:#ffffff;--lu-hover:#f3f4f6;--lu-page:#f8fafc;background:var(--lu-page);color:#111827}
html[data-theme=dark]{--lu-accent:#b794f6;--lu-border:#303030;--lu-surface:#141414;--lu-hover:#262626;--lu-page:#000000;background:var(--lu-page);color:#e5e7eb}
.lu-feedback-tab{position:fixed;right:0;top:50%;z-index:900;transform:translateY(-50%) rotate(180deg);writing-mode:vertical-rl;padding:14px 8px;border:none;border-radius:0 8px 8px 0;background:#7c3aed;color:#fff;font:inherit;font-size:14px;font-weight:600;letter-spacing:.3px;cursor:pointer;box-shadow:0 4px 12px rgba(0,0,0,.2)}
@media (max-width: 575px){.lu-feedback-tab{top:auto;bottom:72px;transform:rotate(180deg);padding:10px 5px;font-size:12px}}
@media (max-width: 1240px){.lu-nav-desktop{display:none !important}.lu-nav-mobile-trigger{display:inline-flex !important}}
`;
