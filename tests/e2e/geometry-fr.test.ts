import { describeGeometry } from './harness/geometry-suite.ts';

// One file per language: the four run side by side.
describeGeometry('fr');
