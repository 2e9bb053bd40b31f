// The machine may be busy (several suites at once): give the async queries room.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 4000 });
