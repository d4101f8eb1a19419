import { api } from './api';

// before the app's modules load: the HTTP client keeps the fetch it finds, which must be msw's
api.listen({ onUnhandledRequest: 'error' });
