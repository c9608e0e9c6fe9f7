/** The link of 'See How It Works': the landing page opened with it opens the demo. */
export const DEMO_HASH = '#how-it-works';
