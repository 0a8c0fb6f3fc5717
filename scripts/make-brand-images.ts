/**
 * Draws public/og-image.png (1200x630, the social preview) and public/apple-touch-icon.png
 * with the system Chromium. Run after changing the brand:
 * node --import tsx scripts/make-brand-images.ts
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, FULL_CHROMIUM } from "./chromium";
const OG_HTML = `<!doctype html><html><head><style>
html,body{margin:0;width:1200px;height:630px;font-family:"DejaVu Sans",Arial,sans-serif}
body{background:linear-gradient(135deg,#0b1533 0%,#172554 55%,#1e3a8a 100%);color:#fff;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;position:relative;overflow:hidden}
.logo{display:flex;align-items:center;gap:22px;font-size:44px;font-weight:700}
.badge{width:84px;height:84px;border-radius:20px;background:#fbbf24;display:grid;place-items:center}
h1{font-size:76px;line-height:1.05;margin:40px 0 18px;letter-spacing:-1.5px}
p{font-size:34px;color:#cbd5e1;margin:0}
.pill{align-self:flex-start;margin-top:42px;background:#fbbf24;color:#0b1533;font-weight:700;font-size:32px;padding:16px 30px;border-radius:14px}
.ring{position:absolute;right:-120px;top:-120px;width:560px;height:560px;border-radius:50%;border:60px solid rgba(251,191,36,.10)}
</style></head><body><div class="ring"></div>
<div class="logo"><div class="badge"><svg width="56" height="56" viewBox="0 0 64 64"><g fill="none" stroke="#0b1533" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"><circle cx="24" cy="40" r="10"/><path d="M31 33l17-17M42 22l6 6M37 27l5 5"/></g></svg></div>Lockline Locksmith</div>
<h1>24/7 Locksmith<br>Chicago &amp; Suburbs</h1>
<p>Licensed, insured locksmiths · Average arrival 15 minutes</p>
<div class="pill">Open 24 hours, 7 days a week</div>
</body></html>
`;
const browser = await chromium.launch({ executablePath: FULL_CHROMIUM, args: CHROMIUM_FLAGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(OG_HTML);
await page.screenshot({ path: new URL("../public/og-image.png", import.meta.url).pathname });
const icon = await browser.newPage({ viewport: { width: 180, height: 180 } });
await icon.setContent(
  `<body style="margin:0;background:#fbbf24;display:grid;place-items:center;height:180px"><svg width="130" height="130" viewBox="0 0 64 64"><g fill="none" stroke="#0b1533" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"><circle cx="24" cy="40" r="10"/><path d="M31 33l17-17M42 22l6 6M37 27l5 5"/></g></svg></body>`,
);
await icon.screenshot({
  path: new URL("../public/apple-touch-icon.png", import.meta.url).pathname,
});
await browser.close();
