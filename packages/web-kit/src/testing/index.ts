/// <reference types="@testing-library/jest-dom/vitest" />
export {
  mockFetch,
  unauthorized,
  type MockReply,
  type MockRoute,
  type RecordedCall,
} from './mock-fetch.ts';
export { renderWithProviders } from './render.tsx';
export { embedFirstScreen, profileFixture } from './fixtures.ts';
