package org.cloudprofiler.flink.source;

import org.apache.flink.connector.testframe.environment.MiniClusterTestEnvironment;
import org.apache.flink.connector.testframe.external.ExternalContextFactory;
import org.apache.flink.connector.testframe.junit.annotations.TestContext;
import org.apache.flink.connector.testframe.junit.annotations.TestEnv;
import org.apache.flink.connector.testframe.junit.annotations.TestSemantics;
import org.apache.flink.connector.testframe.testsuites.SourceTestSuiteBase;
import org.apache.flink.core.execution.CheckpointingMode;

/**
 * flink-connector-test-utils' source test suite on JofSource, every case, the generator as the
 * external system ({@link JofExternalContext}). None needs a split's records read twice: the
 * savepoint, rescaling and TaskManager-failure cases check what is written after the restart,
 * which the restarted readers' receivers get, and the records before it were all emitted.
 */
class JofSourceTestSuiteITCase extends SourceTestSuiteBase<Long> {

    @TestEnv
    MiniClusterTestEnvironment flink = new MiniClusterTestEnvironment();

    @TestContext
    ExternalContextFactory<JofExternalContext> contexts = testName -> new JofExternalContext();

    // One semantic: a JofSource emits what it receives once either way, and each case runs
    // once per semantic, in make test's time.
    @TestSemantics
    CheckpointingMode[] semantics = {CheckpointingMode.EXACTLY_ONCE};
}
