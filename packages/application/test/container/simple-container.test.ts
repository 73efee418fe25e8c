import { SimpleContainer } from '../../src/container/index';
import { describeContainerContract } from '../../src/testing/index';

describeContainerContract({ name: 'SimpleContainer', createContainer: () => new SimpleContainer() });
