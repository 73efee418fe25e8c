// The container conformance suite under node:test (`node --test`), with node:test's describe and it.
import { describe, it } from 'node:test';
import { SimpleContainer } from '../../src/container/index';
import { describeContainerContract } from '../../src/testing/index';

describeContainerContract(
  { name: 'SimpleContainer', createContainer: () => new SimpleContainer() },
  { describe, it },
);
