package org.cloudprofiler.flink.profile;

import org.apache.flink.api.common.ExecutionConfig;
import org.apache.flink.api.common.functions.Function;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.execution.Environment;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.operators.coordination.OperatorCoordinator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.CoordinatedOperatorFactory;
import org.apache.flink.streaming.api.operators.MultipleInputStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.OperatorAttributes;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.api.operators.TwoInputStreamOperator;
import org.apache.flink.streaming.api.operators.UdfStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.YieldingOperator;
import org.apache.flink.streaming.api.operators.legacy.YieldingOperatorFactory;
import org.apache.flink.streaming.runtime.tasks.ProcessingTimeService;
import org.apache.flink.streaming.runtime.tasks.ProcessingTimeServiceAware;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces an operator's factory in the stream graph: makes the operator the original factory
 * makes, with a {@link ProfilingOutput} to emit into, and wraps it in the profiled operator of
 * its kind of input. Every call Flink makes on a factory reaches the original one; the variants
 * below keep the interfaces Flink looks for on a factory (an operator coordinator, a user
 * function).
 */
class ProfilingOperatorFactory<OUT> implements StreamOperatorFactory<OUT>,
        YieldingOperatorFactory<OUT>, ProcessingTimeServiceAware {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ProfilingOperatorFactory.class);

    private final StreamOperatorFactory<OUT> factory;
    private final OperatorProfile profile;
    /** What Flink gave this factory for the original one, passed on profiled at creation. */
    private transient MailboxExecutor factoryMailbox;
    private transient ProcessingTimeService factoryTimeService;

    ProfilingOperatorFactory(StreamOperatorFactory<OUT> factory, OperatorProfile profile) {
        this.factory = factory;
        this.profile = profile;
    }

    /** The profiling factory in place of {@code factory}, with the same interfaces. */
    static <OUT> StreamOperatorFactory<OUT> of(StreamOperatorFactory<OUT> factory,
            OperatorProfile profile) {
        if (factory instanceof CoordinatedOperatorFactory<OUT> coordinated) {
            return new Coordinated<>(coordinated, profile);
        }
        if (factory instanceof UdfStreamOperatorFactory<OUT> udf) {
            return new WithUserFunction<>(udf, profile);
        }
        return new ProfilingOperatorFactory<>(factory, profile);
    }

    /** The factory this one profiles. */
    StreamOperatorFactory<OUT> profiled() {
        return factory;
    }

    @Override
    @SuppressWarnings("unchecked") // The caller's type is the factory's operator type.
    public <T extends StreamOperator<OUT>> T createStreamOperator(
            StreamOperatorParameters<OUT> parameters) {
        Environment environment = parameters.getContainingTask().getEnvironment();
        SubtaskProfiler profiler = SubtaskProfiler.create(profile,
                environment.getTaskInfo().getIndexOfThisSubtask(),
                environment.getTaskInfo().getNumberOfParallelSubtasks(),
                environment.getTaskInfo().getAttemptNumber(),
                environment.getMetricGroup().getOrAddOperator(
                        parameters.getStreamConfig().getOperatorID(),
                        parameters.getStreamConfig().getOperatorName(),
                        parameters.getStreamConfig().getAdditionalMetricVariables()));
        if (factoryMailbox != null && factory instanceof YieldingOperatorFactory<?> yielding) {
            yielding.setMailboxExecutor(new ProfilingMailboxExecutor(factoryMailbox, profiler));
        }
        if (factoryTimeService != null && factory instanceof ProcessingTimeServiceAware aware) {
            aware.setProcessingTimeService(
                    new ProfilingProcessingTimeService(factoryTimeService, profiler));
        }
        MailboxExecutor mailbox = new ProfilingMailboxExecutor(parameters.getMailboxExecutor(),
                profiler);
        ProcessingTimeService timeService = new ProfilingProcessingTimeService(
                parameters.getProcessingTimeService(), profiler);
        StreamOperator<OUT> operator = factory.createStreamOperator(new StreamOperatorParameters<>(
                parameters.getContainingTask(), parameters.getStreamConfig(),
                new ProfilingOutput<>(parameters.getOutput(), profiler), () -> timeService,
                parameters.getOperatorEventDispatcher(), mailbox));
        if (operator instanceof YieldingOperator<?> yielding) {
            // Flink hands the mailbox to the operator it gets back, the wrapper.
            yielding.setMailboxExecutor(mailbox);
        }
        String runId = environment.getJobID().toHexString();
        return (T) wrap(operator, profiler, runId);
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // Flink's operator interfaces are generic.
    private static <OUT> StreamOperator<OUT> wrap(StreamOperator<OUT> operator,
            SubtaskProfiler profiler, String runId) {
        if (operator instanceof OneInputStreamOperator oneInput) {
            return new ProfiledOneInputOperator<>(oneInput, profiler, runId);
        }
        if (operator instanceof TwoInputStreamOperator twoInputs) {
            return ProfiledTwoInputOperator.of(twoInputs, profiler, runId);
        }
        if (operator instanceof MultipleInputStreamOperator multipleInputs) {
            return ProfiledMultipleInputOperator.of(multipleInputs, profiler, runId);
        }
        // Every operator this factory makes has inputs (a legacy source is profiled by
        // ProfiledStreamSource instead); one without runs unprofiled rather than failing.
        LOG.error("cloudprofiler: {} is not a one-, two- or multiple-input operator; it runs"
                + " unprofiled", operator.getClass().getName());
        return operator;
    }

    @Override
    public void setMailboxExecutor(MailboxExecutor mailboxExecutor) {
        // Flink sets it just before it creates the operator, whose profiler it is for.
        factoryMailbox = mailboxExecutor;
    }

    @Override
    public void setProcessingTimeService(ProcessingTimeService processingTimeService) {
        factoryTimeService = processingTimeService;
    }

    @Override
    public void setChainingStrategy(ChainingStrategy strategy) {
        factory.setChainingStrategy(strategy);
    }

    @Override
    public ChainingStrategy getChainingStrategy() {
        return factory.getChainingStrategy();
    }

    @Override
    public boolean isStreamSource() {
        return factory.isStreamSource();
    }

    @Override
    public boolean isLegacySource() {
        return factory.isLegacySource();
    }

    @Override
    public boolean isOutputTypeConfigurable() {
        return factory.isOutputTypeConfigurable();
    }

    @Override
    public void setOutputType(TypeInformation<OUT> type, ExecutionConfig executionConfig) {
        factory.setOutputType(type, executionConfig);
    }

    @Override
    public boolean isInputTypeConfigurable() {
        return factory.isInputTypeConfigurable();
    }

    @Override
    public void setInputType(TypeInformation<?> type, ExecutionConfig executionConfig) {
        factory.setInputType(type, executionConfig);
    }

    @Override
    @SuppressWarnings("rawtypes") // Flink's own signature.
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        return factory.getStreamOperatorClass(classLoader);
    }

    @Override
    public OperatorAttributes getOperatorAttributes() {
        return factory.getOperatorAttributes();
    }

    /** For a factory whose operators have a coordinator (the collect sink, for one). */
    private static final class Coordinated<OUT> extends ProfilingOperatorFactory<OUT>
            implements CoordinatedOperatorFactory<OUT> {
        private static final long serialVersionUID = 1L;

        Coordinated(CoordinatedOperatorFactory<OUT> factory, OperatorProfile profile) {
            super(factory, profile);
        }

        @Override
        public OperatorCoordinator.Provider getCoordinatorProvider(String operatorName,
                OperatorID operatorID) {
            return ((CoordinatedOperatorFactory<OUT>) profiled())
                    .getCoordinatorProvider(operatorName, operatorID);
        }
    }

    /** For a factory of a user function's operator (master checkpoint hooks are found there). */
    private static final class WithUserFunction<OUT> extends ProfilingOperatorFactory<OUT>
            implements UdfStreamOperatorFactory<OUT> {
        private static final long serialVersionUID = 1L;

        WithUserFunction(UdfStreamOperatorFactory<OUT> factory, OperatorProfile profile) {
            super(factory, profile);
        }

        @Override
        public Function getUserFunction() {
            return ((UdfStreamOperatorFactory<OUT>) profiled()).getUserFunction();
        }

        @Override
        public String getUserFunctionClassName() {
            return ((UdfStreamOperatorFactory<OUT>) profiled()).getUserFunctionClassName();
        }
    }
}
