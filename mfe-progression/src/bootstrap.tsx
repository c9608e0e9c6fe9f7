// Standalone development entry: the exposed routes inside the providers the shell would give them.
import { renderStandalone } from '@levelup/web-kit';
import SectionRoutes from './routes.tsx';

renderStandalone(SectionRoutes);
