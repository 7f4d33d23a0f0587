package envtest

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func newWidget(name string) *Widget {
	return &Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name}}
}

// createWidget is a helper of the suite that creates a widget.
func createWidget(ctx context.Context, name string) *Widget {
	w := newWidget(name)
	Expect(k8sClient.Create(ctx, w)).To(Succeed())
	return w
}

// waitForPhase is a helper of the suite that polls.
func waitForPhase(ctx context.Context, key types.NamespacedName, phase string) {
	Eventually(func(g Gomega) {
		var w Widget
		g.Expect(k8sClient.Get(ctx, key, &w)).To(Succeed())
		g.Expect(w.Status.Phase).To(Equal(phase))
	}, timeout, interval).Should(Succeed())
}

var _ = Describe("Widget controller", func() {
	It("reports the phase", func() {
		w := newWidget("phase")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready")) // want `status of fetched is asserted on a single Get right after Create: the controller may not have reconciled yet; assert it inside Eventually \(or a polling helper\)`
		Expect(fetched.Status.ObservedGeneration).To(Equal(fetched.Generation))
	})

	It("reports the phase, polling", func() {
		w := newWidget("phase-poll")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		fetched := &Widget{}
		Eventually(func(g Gomega) {
			g.Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
			g.Expect(fetched.Status.Phase).To(Equal("Ready"))
		}, timeout, interval).Should(Succeed())
		// Read again after the wait: the status has settled.
		Expect(fetched.Status.ObservedGeneration).To(Equal(fetched.Generation))
	})

	It("sets Ready after an update", func() {
		w := newWidget("update")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		Eventually(func() error {
			return k8sClient.Get(ctx, client.ObjectKeyFromObject(w), w)
		}, timeout, interval).Should(Succeed())

		w.Spec.Size = 3
		Expect(k8sClient.Update(ctx, w)).To(Succeed())
		var fetched Widget
		Expect(k8sClient.Get(ctx, types.NamespacedName{Namespace: "default", Name: "update"}, &fetched)).To(Succeed())
		Expect(meta.IsStatusConditionTrue(fetched.Status.Conditions, "Ready")).To(BeTrue()) // want `status of fetched is asserted on a single Get right after Update`
	})

	It("sets Ready after a patch, with the condition checked field by field", func() {
		w := newWidget("patch")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		waitForPhase(ctx, client.ObjectKeyFromObject(w), "Ready")

		patch := client.MergeFrom(w.DeepCopyObject().(*Widget))
		w.Spec.Size = 5
		Expect(k8sClient.Patch(ctx, w, patch)).To(Succeed())
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), w)).To(Succeed())
		cond := meta.FindStatusCondition(w.GetConditions(), "Ready")
		Expect(cond).NotTo(BeNil()) // want `status of w is asserted on a single Get right after Patch`
		Ω(cond.Status).Should(Equal(metav1.ConditionTrue))
	})

	It("creates the Deployment and reports its readiness", func() {
		w := newWidget("child")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		dep := &appsv1.Deployment{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), dep)).To(Succeed())
		Ω(dep.Status.ReadyReplicas).Should(BeNumerically(">", 0)) // want `status of dep is asserted on a single Get right after Create`
	})

	It("reports the phase in a By step", func() {
		w := newWidget("by")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		By("checking the phase", func() {
			fetched := &Widget{}
			Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
			Expect(fetched.Status.Phase).To(Equal("Ready")) // want `status of fetched is asserted on a single Get right after Create`
		})
	})

	It("reports the phase of a widget made by a helper", func() {
		w := createWidget(ctx, "helper")

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status).To(Equal(WidgetStatus{Phase: "Ready"})) // want `status of fetched is asserted on a single Get right after createWidget`
	})

	// Correct twins.

	It("keeps the spec", func() {
		w := newWidget("spec")
		w.Spec.Size = 2
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Spec.Size).To(Equal(int32(2)))
		Expect(fetched.Labels).To(BeEmpty())
	})

	It("waits with a helper before reading the status", func() {
		w := newWidget("waited")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		waitForPhase(ctx, client.ObjectKeyFromObject(w), "Ready")

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready"))
	})

	It("waits with Eventually before reading the whole status", func() {
		w := newWidget("eventually")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		Eventually(func() string {
			var got Widget
			_ = k8sClient.Get(ctx, client.ObjectKeyFromObject(w), &got)
			return got.Status.Phase
		}, timeout, interval).Should(Equal("Ready"))

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Conditions).To(HaveLen(1))
	})

	It("reads back the status the test wrote", func() {
		w := newWidget("status-update")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		w.Status.Phase = "Degraded"
		Expect(k8sClient.Status().Update(ctx, w)).To(Succeed())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Degraded"))
	})

	It("writes the status of one widget and reads another's", func() {
		a := newWidget("status-a")
		Expect(k8sClient.Create(ctx, a)).To(Succeed())
		a.Status.Phase = "Degraded"
		Expect(k8sClient.Status().Update(ctx, a)).To(Succeed())

		b := newWidget("status-b")
		Expect(k8sClient.Create(ctx, b)).To(Succeed())
		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(b), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready")) // want `status of fetched is asserted on a single Get right after Create`
	})

	It("reads back the status the test wrote, by a key of its name", func() {
		a := newWidget("status-key")
		Expect(k8sClient.Create(ctx, a)).To(Succeed())
		a.Status.Phase = "Degraded"
		Expect(k8sClient.Status().Update(ctx, a)).To(Succeed())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, types.NamespacedName{Namespace: "default", Name: "status-key"}, fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Degraded"))
	})

	It("reconciles by hand, like the kubebuilder scaffold", func() {
		w := newWidget("scaffold")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		reconciler := &WidgetReconciler{Client: k8sClient}
		_, err := reconciler.Reconcile(ctx, ctrl.Request{NamespacedName: client.ObjectKeyFromObject(w)})
		Expect(err).NotTo(HaveOccurred())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready"))
	})

	It("reads the phase the API server gives a new namespace", func() {
		ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "widgets"}}
		Expect(k8sClient.Create(ctx, ns)).To(Succeed())

		fetched := &corev1.Namespace{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(ns), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal(corev1.NamespaceActive))
	})

	It("runs one step of the reconciler by hand", func() {
		w := newWidget("step")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		r := &WidgetReconciler{Client: k8sClient}
		Expect(r.syncStatus(ctx, w)).To(Succeed())

		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready"))
	})

	It("polls with wait.PollUntilContextTimeout", func() {
		w := newWidget("poll")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		fetched := &Widget{}
		err := wait.PollUntilContextTimeout(ctx, interval, timeout, true, func(ctx context.Context) (bool, error) {
			if err := k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched); err != nil {
				return false, nil
			}
			return fetched.Status.Phase == "Ready", nil
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(fetched.Status.Phase).To(Equal("Ready"))
	})

	It("polls in a loop of its own", func() {
		w := newWidget("loop")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())

		fetched := &Widget{}
		for i := 0; i < 40; i++ {
			Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
			if fetched.Status.Phase == "Ready" {
				break
			}
			time.Sleep(interval)
		}
		Expect(fetched.Status.Phase).To(Equal("Ready"))
	})

	It("reads the status before it writes", func() {
		fetched := &Widget{}
		Expect(k8sClient.Get(ctx, types.NamespacedName{Namespace: "default", Name: "existing"}, fetched)).To(Succeed())
		Expect(fetched.Status.Phase).To(Equal("Ready"))
		fetched.Spec.Size++
		Expect(k8sClient.Update(ctx, fetched)).To(Succeed())
	})

	Context("with a widget created beforehand", func() {
		var w *Widget
		BeforeEach(func() {
			w = newWidget("before")
			Expect(k8sClient.Create(ctx, w)).To(Succeed())
			Eventually(func(g Gomega) {
				g.Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), w)).To(Succeed())
				g.Expect(w.Status.Phase).To(Equal("Ready"))
			}, timeout, interval).Should(Succeed())
		})

		It("is ready", func() {
			fetched := &Widget{}
			Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), fetched)).To(Succeed())
			Expect(fetched.Status.Phase).To(Equal("Ready"))
		})
	})

	It("checks the status with Eventually and a method value", func() {
		w := newWidget("method-value")
		Expect(k8sClient.Create(ctx, w)).To(Succeed())
		Eventually(k8sClient.Get).WithArguments(ctx, client.ObjectKeyFromObject(w), w).Should(Succeed())
		Eventually(func() string {
			Expect(k8sClient.Get(ctx, client.ObjectKeyFromObject(w), w)).To(Succeed())
			return w.Status.Phase
		}).Should(Equal("Ready"))
	})
})
