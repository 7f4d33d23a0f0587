// Package knowledge holds what the checks know about library functions,
// as data: one table, one row per function (or family of functions), so
// that two checks cannot disagree on what a call does to the objects it is
// given. The objects layer interprets it; a function of the user's module
// is not in it: the layer summarises those from their bodies.
//
// Every row is looked up in the real packages by a test (the tests share
// one load of every table's packages: helpers_test.go's seedPaths and
// loadTypes). No check package names a library package path (any path
// outside the standard library, and k8s.io's, sigs.k8s.io's, log/slog) in
// a string literal, nor a standard library path but for the package a fix
// imports: a registry test parses them. A notion about a library goes
// into a row here.
//
// # The effect table
//
// [Lookup] and [Rows]: what a library function does to the objects it is
// given (package, name or prefix, operand, [Effect]: Reads, Changes with
// the metadata field, Refetches, Overwrites, Writes). The object layer is
// its only reader, so an event recorded about an object means the same to
// every check. [KnownLibrary] is the one list of modules known to do
// nothing more (the ownership summaries, finalizerdeadlock);
// [StandardLibrary] and [KubernetesLibrary] tell the standard library and
// controller-runtime's or k8s.io's packages.
//
// The patch helpers of libraries ([Patchers]: Flux's patch.SerialPatcher
// and patch.Helper, cluster-api's util/patch.Helper) are rows of that
// table: the constructor snapshots the object, the method writes it (the
// object layer sees a Written event), with which parts it sends and
// whether it locks optimistically (neither does by default). The readers
// of libraries ([ReadResult], readers.go: cluster-api's
// util.GetOwnerMachine, GetClusterByName...) return an object they read
// with the client given: the object layer sees a Fetched event.
//
// # Objects and the API
//
//   - [FinalizerHelpers] (finalizers.go): the library functions that add or
//     remove a finalizer (controllerutil.AddFinalizer and RemoveFinalizer,
//     cluster-api's finalizers.EnsureFinalizer), with the argument holding
//     the object and the one holding the name; lifecycle reads it.
//   - [MetaOf], [MetaField] (meta.go): how the metav1 API reads and writes
//     an object's labels and annotations (GetLabels, SetAnnotations of
//     ObjectMeta and of metav1.Object, HasLabel, SetMetaDataAnnotation...);
//     the object layer's MetaAccesses.
//   - [OrphanedBy], [DeleteOptionPropagation] (deletion.go): the built-in
//     kinds whose API orphans dependents when no propagation policy is
//     named (batch/v1 Job, v1 ReplicationController), and what each delete
//     option of controller-runtime's client does to the policy; the object
//     layer's Deletions and orphandelete. TestDeleteOptions checks that
//     every type of the client package with an ApplyToDelete or
//     ApplyToDeleteAllOf method is in the table.
//   - [ListOptionScope] (listoptions.go): what each list or
//     delete-collection option of controller-runtime's client does to the
//     request's namespace and label selector (InNamespace names the
//     namespace, MatchingLabels, HasLabels and MatchingLabelsSelector
//     select by labels); crapi's ListOf and listnamespace.
//     TestListOptions checks that every type of the client package with
//     an ApplyToList or ApplyToDeleteAllOf method is in the table.
//   - [Writers] (writers.go): who else writes objects of a built-in kind,
//     per type the component and the part it writes, whether it keeps
//     writing (Busy), and a condition on a field (Condition: the service
//     controller only for spec.type LoadBalancer); [APIGroup] reads an API
//     package's GroupName. updatepatch.
//   - [NoGeneration] (generation.go): the built-in kinds the API server
//     never gives a metadata.generation, each row naming the registry
//     strategy it was read from; nogeneration.
//   - [ImmutableFieldsOf] (immutablefields.go): the fields a built-in
//     kind's API refuses to change once the object exists (a StatefulSet's
//     selector and volumeClaimTemplates, the workloads' selectors, a Job's
//     template, a Service's clusterIP, a Secret's type, a binding's
//     roleRef), each row citing the validation that enforces it;
//     immutablefield, and [Immutable] for mutateoutside's top-level
//     fields.
//   - [BuiltinStatusSubresource], [KubernetesAPI] (subresource.go): which
//     built-in kinds serve status as a subresource (apimarkers, statuswriter;
//     statusrace reads KubernetesAPI); [BuiltinScope] (scope.go): which are
//     cluster-scoped, compared both ways with k8s.io/api's
//     +genclient:nonNamespaced markers (ownerscope);
//     [UpdateNeedsResourceVersion] (unconditional.go): which kinds the API
//     server refuses to update without a resourceVersion (their strategy's
//     AllowUnconditionalUpdate is false: custom resources, and the built-in
//     kinds of its rows), and which it overwrites (blindupdate).
//   - [OwnerRefOptional], [ControllerOf], [PtrDeref] (ownerrefs.go): what an
//     owner reference may lack; ownerrefnil.
//   - [EventMethod], [EventGroup], [EventTypes], [EventTypesPkg]
//     (events.go): the event recorders' methods (the old record recorder
//     and the new events one), the indexes of their type, reason and
//     action arguments, the API group the events go to, and whether the
//     API server validates them as events.k8s.io/v1 events (argroles,
//     wiring, eventtype); [RecorderNameArg], [RecorderNameProblem],
//     [EventReasonMax], [EventActionMax], [ReportingInstanceMax]: the
//     events API recorder's constructors and name, and the limits the API
//     server puts on its events (argroles, eventtype).
//   - [ConstructorFunc], [ConstructorVar] (constructors.go): the
//     constructors of API clients; [UncachedReadOf] (uncached.go): the
//     typed clients' reads no informer could serve (newclient);
//     [TypedClientCall] (typedclients.go): what a typed client's method
//     asks of the API server, [ConfigSource] (configs.go): the functions
//     returning the manager's own *rest.Config (wiring);
//     [BuiltinGroup] (apigroups.go): the API group of a k8s.io/api
//     package whose GroupName constant is not in reach (apimarkers).
//
// # Code around the objects
//
//   - [RetrierOf], [Waits], [ErrorTestArg], [ErrorUnwrapper] (retry.go):
//     the functions that run a function again and again (RetriesOnError for
//     retry.RetryOnConflict, PollsCondition for wait.Poll*, Repeats for
//     wait.Until*...); predicates false on a nil error; errors.As filling its
//     target (overwrittenerr, statusloop, statusrace, updatepatch).
//   - [Logging] (logging.go): which functions of logr, klog, log, log/slog,
//     fmt, zap and logrus write a log line, build a logger or format an
//     argument; crapi.ClassifyLogCall reads it.
//   - [Timer], [Enqueues] (timers.go): what drives periodic code, and a
//     workqueue's adds; ctrlmodel's Periodic.
//   - [MetricsRoleOf], [StringFlag] (metrics.go): what the Prometheus
//     client's functions and variables do with the default registry
//     (prometheus.MustRegister and promauto's constructors register on it,
//     promhttp.Handler serves it, HandlerFor serves what it is given),
//     controller-runtime's metrics.Registry, the one a manager serves, and
//     the flag and pflag functions that define a string flag with its
//     default (wiring's manager metrics, metricsregistry); [IsRegisterer]
//     (a registry handed as a prometheus.Registerer).
//   - [IsCommand] (commands.go): cobra's *Command, the parameter of a
//     command's Run: command-line code, which no reconcile follows
//     (droppederr).
//   - [TimeOpOf], [PureTime], [IsDuration], [TimeValuePackage] (clock.go):
//     what package time (and metav1.Now, NewTime, Time.Before...) computes
//     from the clock (timewait, statusloop).
//   - [SyncRoleOf], [InSorter] (sync.go): functions that run their function
//     argument later or once, the lock methods, sorting (newclient,
//     reconcilerstate, statusloop).
//   - [FreshContext], [DeriverOf], [DeriverNamed], [StartsLifetime]
//     (contexts.go): contexts made fresh, derived, or living as long as
//     what they start; lostctx.
//   - [ErrorMaker], [WrapsByVerb], [CarriesError] (errors.go): error
//     constructors and wrappers (resulterr, notfounderr, ssaflow).
//   - [JSONMarshalers], [IsJSONMarshal], [MergePatchType] (marshal.go):
//     the JSON encoders and the merge patch type of a whole-object patch
//     built by hand (objects.WholeMergePatch; wholemerge).
//   - [Pure] (pure.go), [DeepEqual]: library functions that only compute,
//     log or record an event (timewait, statusloop), and deep comparisons
//     (lostwakeup, statusloop).
//   - [TestCall] (testlibs.go): the test libraries' assertions, polls,
//     t.Run and Ginkgo's By (statusrace); [TestSupport] the packages only
//     tests import (ssapkg, crapi).
//   - [NoReturn] (noreturn.go): the functions that never return (os.Exit,
//     log.Fatal*, klog's Fatal* and Exit*, testing's FailNow...), standing in
//     for ctrlflow's facts when ssapkg builds SSA.
package knowledge
