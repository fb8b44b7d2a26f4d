package org.cloudprofiler.flink.source.reader;

import org.cloudprofiler.flink.source.split.JofReceiverSplit;
import org.cloudprofiler.generator.jof.JavaObjectFactory;
import org.cloudprofiler.generator.jof.JofBindException;
import org.cloudprofiler.generator.jof.TupleAssembler;

/** Binds a split's receiver as the source is configured: payload, queue, high-water mark. */
@FunctionalInterface
public interface ReceiverStarter {

    /**
     * A started JOF with the one receiver of {@code split}, which hands over what
     * {@code assembler} makes of each tuple; the caller closes it.
     *
     * @throws JofBindException if the endpoint cannot be bound
     */
    JavaObjectFactory start(JofReceiverSplit split, TupleAssembler assembler);
}
