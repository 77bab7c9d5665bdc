package deploy

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// kube-score cannot be installed here (no Debian, npm or Go-proxy package
// of it is reachable), so these tests make its critical checks on the
// parsed serve-k8s.yaml: container resources and ephemeral storage, the
// image's tag and pull policy, the security context (these three for
// the analysis Jobs' pods too) (non-root with a
// high UID and GID, no privilege escalation, read-only root, all
// capabilities dropped, seccomp), a PodDisruptionBudget, a NetworkPolicy
// for ingress and egress, distinct probes, topology spread, and Services
// and Ingresses that reach the pods.

// serveObjects sorts serve-k8s.yaml's objects by kind.
type serveObjects struct {
	deploy   *appsv1.Deployment
	pdbs     []*policyv1.PodDisruptionBudget
	netpols  []*networkingv1.NetworkPolicy
	services []*corev1.Service
	ingress  []*networkingv1.Ingress
}

func serveManifest(t *testing.T) serveObjects {
	t.Helper()
	var o serveObjects
	for _, x := range manifest(t, "serve-k8s.yaml") {
		switch v := x.(type) {
		case *appsv1.Deployment:
			o.deploy = v
		case *policyv1.PodDisruptionBudget:
			o.pdbs = append(o.pdbs, v)
		case *networkingv1.NetworkPolicy:
			o.netpols = append(o.netpols, v)
		case *corev1.Service:
			o.services = append(o.services, v)
		case *networkingv1.Ingress:
			o.ingress = append(o.ingress, v)
		}
	}
	if o.deploy == nil {
		t.Fatal("serve-k8s.yaml has no Deployment")
	}
	return o
}

// podLabels are the labels of the Deployment's pods.
func (o serveObjects) podLabels() labels.Set { return labels.Set(o.deploy.Spec.Template.Labels) }

// manifests are the Kubernetes files, the server's and the analysis
// Jobs'.
var manifests = []string{"serve-k8s.yaml", "analyze-job.yaml", "analyze-merge-job.yaml"}

// podSpecs are the pod templates of every manifest (the server's
// Deployment, the analysis Jobs), by file and object.
func podSpecs(t *testing.T) map[string]corev1.PodSpec {
	t.Helper()
	specs := map[string]corev1.PodSpec{}
	for _, f := range manifests {
		for _, o := range manifest(t, f) {
			switch x := o.(type) {
			case *appsv1.Deployment:
				specs[f+", Deployment "+x.Name] = x.Spec.Template.Spec
			case *batchv1.Job:
				specs[f+", Job "+x.Name] = x.Spec.Template.Spec
			}
		}
	}
	if len(specs) < len(manifests) {
		t.Fatalf("%d pod templates in %d files", len(specs), len(manifests))
	}
	return specs
}

func TestKubeScoreContainerResources(t *testing.T) {
	for where, spec := range podSpecs(t) {
		t.Run(where, func(t *testing.T) { containerResources(t, spec) })
	}
}

func containerResources(t *testing.T, spec corev1.PodSpec) {
	for _, c := range spec.Containers {
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory, corev1.ResourceEphemeralStorage} {
			req, lim := c.Resources.Requests[r], c.Resources.Limits[r]
			if req.IsZero() || lim.IsZero() {
				t.Errorf("container %s: %s request %v, limit %v; want both", c.Name, r, req.String(), lim.String())
			} else if lim.Cmp(req) < 0 {
				t.Errorf("container %s: %s limit %v under its request %v", c.Name, r, lim.String(), req.String())
			}
		}
	}
}

func TestKubeScoreImage(t *testing.T) {
	for where, spec := range podSpecs(t) {
		t.Run(where, func(t *testing.T) { image(t, spec) })
	}
}

func image(t *testing.T, spec corev1.PodSpec) {
	for _, c := range spec.Containers {
		_, tag, _ := strings.Cut(c.Image[strings.LastIndex(c.Image, "/")+1:], ":")
		if tag == "" || tag == "latest" || c.ImagePullPolicy != corev1.PullAlways {
			t.Errorf("container %s: image %q pulled %q; want a version tag (or digest), pulled Always", c.Name, c.Image, c.ImagePullPolicy)
		}
	}
}

func TestKubeScoreSecurityContext(t *testing.T) {
	for where, spec := range podSpecs(t) {
		t.Run(where, func(t *testing.T) { securityContext(t, spec) })
	}
}

func securityContext(t *testing.T, spec corev1.PodSpec) {
	pod := spec.SecurityContext
	if pod == nil {
		pod = &corev1.PodSecurityContext{}
	}
	for _, c := range spec.Containers {
		sc := c.SecurityContext
		if sc == nil {
			t.Fatalf("container %s: no securityContext", c.Name)
		}
		// The container's setting, else the pod's.
		either := func(c *int64, p *int64) int64 {
			if c != nil {
				return *c
			}
			if p != nil {
				return *p
			}
			return 0
		}
		if uid := either(sc.RunAsUser, pod.RunAsUser); uid <= 10000 {
			t.Errorf("container %s: runs as UID %d; want over 10000 (no clash with a host user)", c.Name, uid)
		}
		if gid := either(sc.RunAsGroup, pod.RunAsGroup); gid <= 10000 {
			t.Errorf("container %s: runs as GID %d; want over 10000", c.Name, gid)
		}
		if !(sc.RunAsNonRoot != nil && *sc.RunAsNonRoot || pod.RunAsNonRoot != nil && *pod.RunAsNonRoot) {
			t.Errorf("container %s: runAsNonRoot not set", c.Name)
		}
		if sc.Privileged != nil && *sc.Privileged {
			t.Errorf("container %s: privileged", c.Name)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			t.Errorf("container %s: allowPrivilegeEscalation not false", c.Name)
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			t.Errorf("container %s: root file system writable", c.Name)
		}
		if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") || len(sc.Capabilities.Add) > 0 {
			t.Errorf("container %s: capabilities %+v; want ALL dropped, none added", c.Name, sc.Capabilities)
		}
		seccomp := sc.SeccompProfile
		if seccomp == nil {
			seccomp = pod.SeccompProfile
		}
		if seccomp == nil || seccomp.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("container %s: seccomp profile %+v; want RuntimeDefault", c.Name, seccomp)
		}
	}
	if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
		t.Error("the pods mount a service account token they never use")
	}
}

// The image's user (deploy/Dockerfile's USER) is the one every manifest
// asks for, so that runAsNonRoot holds without overriding it.
func TestDockerfileUserIsTheManifests(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("Dockerfile: no numeric USER")
	}
	for where, spec := range podSpecs(t) {
		pod := spec.SecurityContext
		if pod == nil || pod.RunAsUser == nil || string(m[1]) != itoa(*pod.RunAsUser) || pod.RunAsGroup == nil || string(m[2]) != itoa(*pod.RunAsGroup) {
			t.Errorf("%s: Dockerfile's USER %s:%s, the pods' runAsUser/runAsGroup %+v: want the same numeric user", where, m[1], m[2], pod)
		}
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// metaSelector is a label selector of the API as one that matches sets.
func metaSelector(s *metav1.LabelSelector) (labels.Selector, error) {
	return metav1.LabelSelectorAsSelector(s)
}

func TestKubeScorePodDisruptionBudget(t *testing.T) {
	o := serveManifest(t)
	for _, p := range o.pdbs {
		sel, err := metaSelector(p.Spec.Selector)
		if err != nil || !sel.Matches(o.podLabels()) {
			continue
		}
		replicas := int32(1)
		if o.deploy.Spec.Replicas != nil {
			replicas = *o.deploy.Spec.Replicas
		}
		if p.Spec.MinAvailable == nil && p.Spec.MaxUnavailable == nil ||
			p.Spec.MinAvailable != nil && p.Spec.MinAvailable.IntValue() >= int(replicas) {
			t.Errorf("PodDisruptionBudget %s allows no disruption or says nothing (%+v) for %d replicas", p.Name, p.Spec, replicas)
		}
		return
	}
	t.Error("no PodDisruptionBudget selects the Deployment's pods")
}

func TestKubeScoreNetworkPolicy(t *testing.T) {
	o := serveManifest(t)
	ingress, egress := false, false
	for _, np := range o.netpols {
		sel, err := metaSelector(&np.Spec.PodSelector)
		if err != nil || !sel.Matches(o.podLabels()) {
			continue
		}
		ingress = ingress || slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeIngress)
		egress = egress || slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeEgress)
	}
	if !ingress || !egress {
		t.Errorf("NetworkPolicies for the pods: ingress %v, egress %v; want both", ingress, egress)
	}
}

// Readiness and liveness differ (a database outage must not restart the
// pods), and the startup probe waits long enough for the migrations.
func TestKubeScoreProbes(t *testing.T) {
	for _, c := range serveManifest(t).deploy.Spec.Template.Spec.Containers {
		r, l, s := c.ReadinessProbe, c.LivenessProbe, c.StartupProbe
		if r == nil || l == nil || s == nil {
			t.Fatalf("container %s: readiness %v, liveness %v, startup %v; want all three", c.Name, r != nil, l != nil, s != nil)
		}
		if r.HTTPGet != nil && l.HTTPGet != nil && r.HTTPGet.Path == l.HTTPGet.Path {
			t.Errorf("container %s: readiness and liveness both ask %s", c.Name, r.HTTPGet.Path)
		}
		if wait := s.PeriodSeconds * s.FailureThreshold; wait < 120 {
			t.Errorf("container %s: the startup probe gives up after %d s, too soon for a migration of a big archive", c.Name, wait)
		}
	}
}

func TestKubeScoreTopologySpread(t *testing.T) {
	o := serveManifest(t)
	for _, c := range o.deploy.Spec.Template.Spec.TopologySpreadConstraints {
		sel, err := metaSelector(c.LabelSelector)
		if err == nil && c.TopologyKey == "kubernetes.io/hostname" && sel.Matches(o.podLabels()) {
			return
		}
	}
	t.Error("the pods are not spread over the nodes (topologySpreadConstraints on kubernetes.io/hostname)")
}

// Every Service selects the pods and names a port they have; every
// Ingress sends to a Service of the file, on a port it has.
func TestKubeScoreServicesAndIngressesReachThePods(t *testing.T) {
	o := serveManifest(t)
	ports := map[string]bool{}
	for _, c := range o.deploy.Spec.Template.Spec.Containers {
		for _, p := range c.Ports {
			ports[p.Name] = true
		}
	}
	svcPorts := map[string]map[string]bool{}
	for _, s := range o.services {
		if !labels.SelectorFromSet(s.Spec.Selector).Matches(o.podLabels()) {
			t.Errorf("Service %s selects no pod of the Deployment", s.Name)
		}
		svcPorts[s.Name] = map[string]bool{}
		for _, p := range s.Spec.Ports {
			if !ports[p.TargetPort.String()] {
				t.Errorf("Service %s: target port %s is no port of the pods", s.Name, p.TargetPort.String())
			}
			svcPorts[s.Name][p.Name] = true
		}
	}
	for _, in := range o.ingress {
		for _, r := range in.Spec.Rules {
			for _, p := range r.HTTP.Paths {
				b := p.Backend.Service
				if b == nil || svcPorts[b.Name] == nil || !svcPorts[b.Name][b.Port.Name] {
					t.Errorf("Ingress %s, path %s: backend %+v is no Service port of the file", in.Name, p.Path, b)
				}
			}
		}
	}
}
